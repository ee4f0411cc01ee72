import { afterEach, describe, expect, it } from "vitest";
import { followAccountTimeFormat, followAccountTimeZone } from "@/client/lib/family-clock";
import type { BackupRun, BackupStatus } from "@/domain/backups";
import { backupTexts } from "./backup-texts";

const good: BackupRun = {
  at: "2026-11-29T09:30:12.000Z",
  ok: true,
  trigger: "nightly",
  sizeBytes: 6 * 1024 * 1024,
  records: 1234,
  photos: 5,
  message: null,
};
const status: BackupStatus = {
  schedule: "03:30",
  serverTimeZone: "UTC",
  nextAt: "2026-11-30T03:30:00.000Z",
  last: good,
  lastGood: good,
};

afterEach(() => {
  followAccountTimeZone(null);
  followAccountTimeFormat(null);
});

describe("the Backups card", () => {
  it("says when the last backup was made on the family's clock, and what it holds", () => {
    followAccountTimeZone("America/Chicago");
    expect(backupTexts(status)).toEqual({
      state: "ok",
      headline: "Last backup Nov 29, 2026 03:30, opened again and checked.",
      details: ["6 MB · 1,234 records · 5 photos"],
      schedule: "The server makes one every night at 03:30 (its clock: UTC); the next on Nov 29, 2026 21:30.",
    });
  });

  it("says why the last one failed, and when the last good one was made", () => {
    followAccountTimeZone("UTC");
    followAccountTimeFormat("12h");
    const failed = {
      ...good,
      at: "2026-11-30T03:30:40.000Z",
      ok: false,
      sizeBytes: null,
      records: null,
      photos: null,
      message: "ENOSPC: no space left on device",
    };
    const texts = backupTexts({ ...status, last: failed });
    expect(texts.state).toBe("failed");
    expect(texts.headline).toBe("The last backup failed, Nov 30, 2026 3:30 AM.");
    expect(texts.details).toEqual([
      "ENOSPC: no space left on device",
      "The last good backup: Nov 29, 2026 9:30 AM (6 MB · 1,234 records · 5 photos).",
      "Whoever runs the server can see why in its log, and fix it.",
    ]);
    expect(backupTexts({ ...status, last: failed, lastGood: null }).details[1]).toBe(
      "No backup has been made yet.",
    );
  });

  it("says when there is none yet, and when the server makes none", () => {
    expect(backupTexts({ ...status, last: null, lastGood: null })).toMatchObject({
      state: "none",
      headline: "No backup has been made yet.",
    });
    expect(backupTexts({ ...status, schedule: null, nextAt: null }).schedule).toBe(
      "Nightly backups are off on this server (BACKUP_SCHEDULE=off).",
    );
  });
});
