import { describe, expect, it } from "vitest";
import { uploadErrorMessage } from "./uploader-messages";

describe("uploadErrorMessage", () => {
  it("says what went wrong in the spec's words", () => {
    expect(uploadErrorMessage(401, "")).toBe("Authorization required");
    expect(uploadErrorMessage(0, "")).toBe(
      "This looks like a network error, the endpoint might be blocked by an internet provider or a firewall.",
    );
    expect(uploadErrorMessage(403, '{"message":"Request has expired"}')).toBe("Request has expired");
    expect(
      uploadErrorMessage(
        403,
        "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>",
      ),
    ).toBe("Request has expired");
    expect(
      uploadErrorMessage(413, '{"message":"The photo is larger than 10 MB. Choose a smaller one."}'),
    ).toBe("The photo is larger than 10 MB. Choose a smaller one.");
    expect(uploadErrorMessage(500, "<html>")).toBe("The upload failed. Please try again.");
  });
});
