import { afterEach, describe, expect, it, vi } from "vitest";
import { batchedLines, LOG_BATCH_BYTES, LOG_DELAY_MS } from "./log-stream";

const info = (n: number) => `{"level":30,"time":${n},"msg":"request completed"}\n`;

describe("batched log lines", () => {
  afterEach(() => vi.useRealTimers());

  it("writes the lines of a moment together, in order, within the delay", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const lines = batchedLines((text) => written.push(text));
    lines.write(info(1));
    lines.write(info(2));
    lines.write(info(3));
    expect(written).toEqual([]);
    vi.advanceTimersByTime(LOG_DELAY_MS);
    expect(written).toEqual([info(1) + info(2) + info(3)]);
    vi.advanceTimersByTime(LOG_DELAY_MS * 10);
    expect(written).toHaveLength(1);
  });

  it("writes a warning or an error at once, after the lines that waited", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const lines = batchedLines((text) => written.push(text));
    lines.write(info(1));
    const warning = '{"level":40,"time":2,"msg":"outbox sweep failed"}\n';
    lines.write(warning);
    expect(written).toEqual([info(1) + warning]);
    const error = '{"level":50,"time":3,"msg":"boom"}\n';
    lines.write(error);
    expect(written).toEqual([info(1) + warning, error]);
  });

  it("writes at once when the lines waiting reach the batch size", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const lines = batchedLines((text) => written.push(text));
    const count = Math.ceil(LOG_BATCH_BYTES / info(1).length);
    for (let n = 0; n < count; n += 1) lines.write(info(1));
    expect(written).toHaveLength(1);
    expect(written[0]!.split("\n")).toHaveLength(count + 1);
  });

  it("writes what waits when flushed (the process exits, the app closes)", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const lines = batchedLines((text) => written.push(text));
    lines.flush();
    expect(written).toEqual([]);
    lines.write(info(1));
    lines.flush();
    expect(written).toEqual([info(1)]);
    vi.advanceTimersByTime(LOG_DELAY_MS);
    expect(written).toEqual([info(1)]);
  });

  it("writes a line of another shape like an information", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const lines = batchedLines((text) => written.push(text));
    lines.write("plain text\n");
    expect(written).toEqual([]);
    vi.advanceTimersByTime(LOG_DELAY_MS);
    expect(written).toEqual(["plain text\n"]);
  });
});
