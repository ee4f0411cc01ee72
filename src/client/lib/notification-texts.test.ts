import { describe, expect, it } from "vitest";
import { instantOf } from "@/domain/clock";
import {
  answeredText,
  deliverySummary,
  deliveryText,
  isAppPath,
  notificationContext,
} from "./notification-texts";

describe("the words of notifications", () => {
  it("says where a delivery went, and why it did not", () => {
    expect(
      deliveryText({ channel: "push", target: "Chrome on Android phone", status: "sent", error: null }),
    ).toBe("Push to Chrome on Android phone");
    expect(
      deliveryText({ channel: "email", target: "the server's mail outbox", status: "sent", error: null }),
    ).toBe("Email kept in the server's mail outbox");
    expect(
      deliveryText({
        channel: "ntfy",
        target: "lopez-care",
        status: "failed",
        error: "The ntfy server could not be reached.",
      }),
    ).toBe("ntfy to lopez-care not sent: The ntfy server could not be reached.");
  });

  it("sums up where a notification went and where it did not", () => {
    const push = (target: string, status: "sent" | "failed") => ({
      channel: "push" as const,
      target,
      status,
    });
    expect(
      deliverySummary([
        push("Chrome on Android phone", "sent"),
        push("Safari on Mac", "sent"),
        { channel: "ntfy", target: "lopez-care", status: "sent" },
        { channel: "email", target: "maria@example.org", status: "failed" },
      ]),
    ).toEqual({
      sent: "Sent to Chrome on Android phone, Safari on Mac and ntfy",
      failed: "Not sent to email",
    });
    expect(deliverySummary([push("Chrome on Mac", "failed"), push("Chrome on Mac", "failed")])).toEqual({
      sent: undefined,
      failed: "Not sent to Chrome on Mac",
    });
    expect(deliverySummary([])).toEqual({ sent: undefined, failed: undefined });
  });

  it("names the kind of task and the reminder", () => {
    expect(notificationContext({ taskKind: "line-care", step: 2 })).toBe("Line care · reminder 2");
    expect(notificationContext({ taskKind: "dose", step: 1 })).toBe("Doses");
    expect(notificationContext({ taskKind: null, step: 3 })).toBe("Reminder 3");
    expect(notificationContext({ taskKind: "unknown", step: 1 })).toBe("");
  });

  it("opens only this app's own paths", () => {
    expect(isAppPath("/tasks/1")).toBe(true);
    expect(isAppPath("//evil.example/x")).toBe(false);
    expect(isAppPath("https://evil.example")).toBe(false);
    expect(isAppPath(null)).toBe(false);
  });

  it("says who did a reminder's task, or said they were on it, on the family's clock", () => {
    const timeZone = "America/Chicago";
    const now = instantOf("2026-11-27", "08:00", timeZone);
    const at = (date: string, time: string) => instantOf(date, time, timeZone).toISOString();
    const reader = { now, timeZone };
    expect(
      answeredText(
        { done: { at: at("2026-11-27", "03:12"), by: "Grandma Rosa" }, acknowledged: null },
        reader,
      ),
    ).toBe("Done by Grandma Rosa at 03:12");
    expect(
      answeredText(
        {
          done: { at: at("2026-11-26", "23:40"), by: null },
          acknowledged: { at: at("2026-11-26", "23:35"), by: "Ben" },
        },
        reader,
      ),
    ).toBe("Done by a former member on Nov 26 at 23:40");
    expect(
      answeredText({ done: null, acknowledged: { at: at("2026-11-27", "03:05"), by: "Ben Lopez" } }, reader),
    ).toBe("Ben Lopez said they were on it at 03:05");
    expect(answeredText({ done: null, acknowledged: null }, reader)).toBe("");
  });
});
