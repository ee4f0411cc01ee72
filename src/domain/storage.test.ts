import { describe, expect, it } from "vitest";
import { formatByteSize } from "./storage";

describe("formatByteSize", () => {
  it("reads bytes in the units the photo limit is given in", () => {
    expect(formatByteSize(0)).toBe("0 bytes");
    expect(formatByteSize(1)).toBe("1 byte");
    expect(formatByteSize(1023)).toBe("1023 bytes");
    expect(formatByteSize(1024)).toBe("1 KB");
    expect(formatByteSize(1536)).toBe("1.5 KB");
    expect(formatByteSize(10_485_760)).toBe("10 MB");
    expect(formatByteSize(120 * 1024 * 1024 + 300_000)).toBe("120 MB");
    expect(formatByteSize(1024 ** 3)).toBe("1 GB");
    expect(formatByteSize(2.25 * 1024 ** 3)).toBe("2.3 GB");
  });
});
