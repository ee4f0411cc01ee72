import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(join(tmpdir(), "mct-config-"));

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      sessionIdleMinutes: 120,
      allowSignup: true,
      apiDocsPublic: false,
      databaseUrl: undefined,
      oidc: undefined,
      storageQuotaBytes: 1024 * 1024 * 1024,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE_QUOTA_MB: "250" }).storageQuotaBytes).toBe(
      250 * 1024 * 1024,
    );
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["SESSION_IDLE_MINUTES", "-5"],
    ["DATABASE_URL", "mysql://db/care"],
    ["PUBLIC_URL", "care.example.org"],
    ["PUBLIC_URL", "javascript://care.example.org"],
    ["PUBLIC_URL", "https://user:pw@care.example.org"],
    ["PUBLIC_URL", "https://care.example.org/?next=x"],
    ["PUBLIC_URL", "https://care.example.org/#top"],
    ["ALLOW_SIGNUP", "maybe"],
    ["API_DOCS_PUBLIC", "sometimes"],
    ["SESSION_SECRET", "short"],
    ["STORAGE_QUOTA_MB", "1.5"],
    ["STORAGE_QUOTA_MB", "0"],
    ["STORAGE_QUOTA_MB", "a lot"],
    ["BACKUP_SCHEDULE", "25:00"],
    ["BACKUP_SCHEDULE", "3.30"],
    ["BACKUP_SCHEDULE", "nightly"],
    ["BACKUP_DIR", "s3://"],
    ["BACKUP_DIR", "s3://Not_A_Bucket/backups"],
    ["BACKUP_DIR", "s3://care-backups/../photos"],
    ["BACKUP_KEEP_DAILY", "-1"],
    ["BACKUP_KEEP_WEEKLY", "2.5"],
    ["BACKUP_KEEP_MONTHLY", "all"],
  ])("stops on a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(name));
  });

  it("backs up every night at 03:30 into DATA_DIR/backups by default, keeping 7, 4 and 12", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).backup).toEqual({
      schedule: { hour: 3, minute: 30 },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      target: { kind: "dir", dir: join(dir, "backups") },
      keep: { daily: 7, weekly: 4, monthly: 12 },
    });
    const other = loadConfig({
      DATA_DIR: dir,
      BACKUP_SCHEDULE: "off",
      BACKUP_DIR: "s3://care-backups/nightly",
      S3_ENDPOINT: "https://s3.example.org",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      BACKUP_KEEP_DAILY: "14",
      BACKUP_KEEP_WEEKLY: "0",
      BACKUP_KEEP_MONTHLY: "24",
    });
    expect(other.backup).toMatchObject({
      schedule: null,
      target: {
        kind: "s3",
        prefix: "nightly/",
        s3: { bucket: "care-backups", endpoint: "https://s3.example.org", forcePathStyle: true },
      },
      keep: { daily: 14, weekly: 0, monthly: 24 },
    });
    // Photos stay on the disk: the backups' bucket is theirs only.
    expect(other.s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, BACKUP_SCHEDULE: "23:05" }).backup.schedule).toEqual({
      hour: 23,
      minute: 5,
    });
  });

  it("reads NTFY_ALLOWED_HOSTS as host names or addresses, and nothing else", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).ntfyAllowedHosts).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        NTFY_ALLOWED_HOSTS: "ntfy.lan, 192.168.1.20,NAS.local,[::1],fd00::5",
      }).ntfyAllowedHosts,
    ).toEqual(["ntfy.lan", "192.168.1.20", "nas.local", "::1", "fd00::5"]);
    for (const wrong of ["http://ntfy.lan", "ntfy.lan:8080", "ntfy.lan/x", "127.1", "a b", "user@ntfy.lan"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), NTFY_ALLOWED_HOSTS: wrong }), wrong).toThrow(
        /NTFY_ALLOWED_HOSTS must be host names or addresses/,
      );
    }
  });

  it("requires all three OpenID Connect settings together", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OIDC_ISSUER_URL: "https://id.example.org" })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    const config = loadConfig({
      DATA_DIR: dataDir(),
      OIDC_ISSUER_URL: "https://id.example.org",
      OIDC_CLIENT_ID: "care",
      OIDC_CLIENT_SECRET: "s3cret",
    });
    expect(config.oidc).toEqual({
      issuerUrl: "https://id.example.org",
      clientId: "care",
      clientSecret: "s3cret",
    });
  });

  it("requires SMTP_URL and MAIL_FROM together, and only mail URLs", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mail).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: "smtp://mail.example.org:587" })).toThrow(
      /MAIL_FROM/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: "care@example.org" })).toThrow(/SMTP_URL/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        SMTP_URL: "https://mail.example.org",
        MAIL_FROM: "care@example.org",
      }),
    ).toThrow(/SMTP_URL must be an smtp/);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: "smtps://care:pw@mail.example.org:465",
      MAIL_FROM: "Care Tracker <care@example.org>",
    });
    expect(config.mail).toEqual({
      smtpUrl: "smtps://care:pw@mail.example.org:465",
      from: "Care Tracker <care@example.org>",
    });
  });

  it("generates the session secret once, keeps it private in DATA_DIR, and reuses it", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(statSync(join(dir, "session-secret")).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir() }).sessionSecret).not.toBe(first);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: "x".repeat(40) }).sessionSecret).toBe("x".repeat(40));
  });

  it("trusts no proxy by default, and reads TRUST_PROXY as hops or addresses", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://care.example.org" }).trustProxy).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.2, 10.1.0.0/16" }).trustProxy).toEqual([
      "10.0.0.2",
      "10.1.0.0/16",
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY must be/);
  });
});
