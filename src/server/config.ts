import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * One NTFY_ALLOWED_HOSTS entry as a URL writes its host (lower case, an IPv6 address without
 * brackets), or undefined for anything but a host name or an address (a scheme, a port, a path).
 */
function allowedHost(entry: string): string | undefined {
  const bare = entry.replace(/^\[|\]$/g, "");
  const ipv6 = isIP(bare) === 6;
  if (!/^[a-z0-9_.:-]+$/i.test(bare) || (bare.includes(":") && !ipv6)) return undefined;
  try {
    const host = new URL(`http://${ipv6 ? `[${bare}]` : bare}`).hostname.replace(/^\[|\]$/g, "");
    return ipv6 || host === bare.toLowerCase() ? host : undefined;
  } catch {
    return undefined;
  }
}

/** How many backups of a kind (one a day, a week, a month) are kept: a whole number from 0 to `max`. */
const keepCount = (period: string, max: number) =>
  z.coerce
    .number({ message: `must be a number of ${period}` })
    .int(`must be a whole number of ${period}`)
    .min(0, "must be 0 or more")
    .max(max, `must be at most ${max}`);

const envSchema = z
  .object({
    PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    PUBLIC_URL: z
      .url({ message: "must be a URL such as https://care.example.org" })
      .refine((value) => {
        // Every link the server sends starts with it: an http(s) address and nothing that would
        // change where a link appended to it goes (credentials, a query, a fragment).
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          return true; // z.url() has said so
        }
        return (
          (url.protocol === "http:" || url.protocol === "https:") &&
          !url.username &&
          !url.password &&
          !url.search &&
          !url.hash &&
          !value.includes("?") &&
          !value.includes("#")
        );
      }, "must be an http:// or https:// address without a user, a query or a fragment, such as https://care.example.org")
      .optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number({ message: "must be a number of minutes" })
      .int()
      .min(1)
      .max(1440)
      .default(120),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ALLOW_SIGNUP: booleanText.default(true),
    API_DOCS_PUBLIC: booleanText.default(false),
    OIDC_ISSUER_URL: z.url({ message: "must be the identity provider's issuer URL" }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z
      .url({ message: "must be the S3 service's URL, e.g. https://s3.eu-west-1.amazonaws.com" })
      .optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanText.optional(),
    STORAGE_QUOTA_MB: z.coerce
      .number({ message: "must be a whole number of megabytes, e.g. 1024 for 1 GB" })
      .int("must be a whole number of megabytes, e.g. 1024 for 1 GB")
      .min(1, "must be at least 1 (megabyte)")
      .max(1_048_576, "must be at most 1048576 (1 TB)")
      .default(1024),
    BACKUP_SCHEDULE: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (/^off$/i.test(v)) return null;
        const time = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(v);
        if (time) return { hour: Number(time[1]), minute: Number(time[2]) };
        ctx.addIssue({
          code: "custom",
          message: "must be a time of day on the server's clock, such as 03:30, or off",
        });
        return z.NEVER;
      })
      .default({ hour: 3, minute: 30 }),
    BACKUP_DIR: z
      .string()
      .transform((v, ctx) => {
        if (!v.startsWith("s3://")) return { kind: "dir" as const, dir: v };
        const target = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(v);
        const prefix = target?.[2] ?? "";
        if (target && !prefix.split("/").some((part) => part === "." || part === "..")) {
          return {
            kind: "s3" as const,
            bucket: target[1]!,
            prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
          };
        }
        ctx.addIssue({
          code: "custom",
          message: "must be a folder, or a bucket and prefix written s3://bucket/prefix",
        });
        return z.NEVER;
      })
      .optional(),
    BACKUP_KEEP_DAILY: keepCount("days", 366).default(7),
    BACKUP_KEEP_WEEKLY: keepCount("weeks", 520).default(4),
    BACKUP_KEEP_MONTHLY: keepCount("months", 1200).default(12),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\//,
        "must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587",
      )
      .optional(),
    MAIL_FROM: z.string().min(3).max(320).optional(),
    NTFY_ALLOWED_HOSTS: z
      .string()
      .transform((v, ctx) => {
        const entries = v
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
        const hosts = entries.map(allowedHost);
        const wrong = entries.find((_, i) => hosts[i] === undefined);
        if (wrong === undefined) return hosts as string[];
        ctx.addIssue({
          code: "custom",
          message: `must be host names or addresses separated by commas, without scheme or port, e.g. ntfy.lan,192.168.1.20 (not "${wrong}")`,
        });
        return z.NEVER;
      })
      .default([]),
    TRUST_PROXY: z
      .string()
      .transform((v, ctx) => {
        const value = v.trim();
        if (/^(false|0|no|off)$/i.test(value)) return false;
        if (/^\d{1,2}$/.test(value)) return Number(value);
        const addresses = value.split(",").map((a) => a.trim());
        if (
          addresses.every(
            (a) =>
              /^[0-9a-f:.]+(\/\d{1,3})?$/i.test(a) ||
              a === "loopback" ||
              a === "uniquelocal" ||
              a === "linklocal",
          )
        )
          return addresses;
        ctx.addIssue({
          code: "custom",
          message:
            "must be a number of proxy hops (e.g. 1) or the proxies' addresses (e.g. 10.0.0.2,10.0.0.0/8)",
        });
        return z.NEVER;
      })
      .default(false),
  })
  .superRefine((env, ctx) => {
    if ((env.SMTP_URL === undefined) !== (env.MAIL_FROM === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SMTP_URL ? "MAIL_FROM" : "SMTP_URL"],
        message: "is required with the other mail setting",
      });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "is required with the other S3 key",
      });
    }
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const key of ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when OpenID Connect is configured",
          });
      }
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The origin people reach the app at; decides Secure cookies and the OpenID Connect redirect. */
  publicUrl: string | undefined;
  sessionIdleMinutes: number;
  sessionSecret: string;
  allowSignup: boolean;
  /**
   * Whether the API's description (`/api/openapi.json`) and its reference page (`/api/docs`) are
   * open to anyone (`API_DOCS_PUBLIC`); by default they need a signed-in session.
   */
  apiDocsPublic: boolean;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  logLevel: string;
  /**
   * Which proxies may say who the client is (X-Forwarded-For/-Proto/-Host): false (none, the
   * default), a hop count, or addresses/CIDR ranges. It decides the address the sign-in limits count.
   */
  trustProxy: false | number | string[];
  /**
   * How much a family's photos may take in storage, in bytes (`STORAGE_QUOTA_MB` megabytes):
   * checked photos plus the declared size of uploads not yet checked.
   */
  storageQuotaBytes: number;
  /**
   * ntfy servers that may be on the server's own network (a family's ntfy at home), by host name or
   * address (`NTFY_ALLOWED_HOSTS`). Any other ntfy server or push endpoint on a loopback, private,
   * link-local or metadata address is never posted to.
   */
  ntfyAllowedHosts: string[];
  /** Where export emails go out; without it they are written to DATA_DIR/outbox as .eml files. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** S3-compatible object storage for photos; the local disk under DATA_DIR when undefined. */
  s3: S3Settings | undefined;
  /** The backups of the whole installation (modules/backups). */
  backup: {
    /** When the nightly backup runs, on the server's clock (`BACKUP_SCHEDULE`); null: never. */
    schedule: { hour: number; minute: number } | null;
    /** The server's time zone, which the schedule and the archives' days are read in. */
    timeZone: string;
    target: BackupTarget;
    /** How many of the newest daily, weekly and monthly backups are kept (`BACKUP_KEEP_*`). */
    keep: { daily: number; weekly: number; monthly: number };
  };
}

/** How to reach an S3-compatible service: the photos' bucket, and backups kept there. */
export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Without keys, the AWS SDK's usual sources (environment, instance role) apply. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Where backups are kept: a folder (made readable by the server's user only), or under an S3 prefix. */
export type BackupTarget = { kind: "dir"; dir: string } | { kind: "s3"; s3: S3Settings; prefix: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Empty variables count as unset, as most process managers write them. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );
}

/**
 * Reads and validates the environment. A bad value throws a ConfigError naming the variable.
 * When SESSION_SECRET is absent, one is generated on first start and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const s3 = (bucket: string): S3Settings => ({
    bucket,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Most self-hosted S3 servers (MinIO, Garage) want the bucket in the path.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
  });
  const backupDir = e.BACKUP_DIR ?? { kind: "dir" as const, dir: join(dataDir, "backups") };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    allowSignup: e.ALLOW_SIGNUP,
    apiDocsPublic: e.API_DOCS_PUBLIC,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    ntfyAllowedHosts: e.NTFY_ALLOWED_HOSTS,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    s3: e.S3_BUCKET ? s3(e.S3_BUCKET) : undefined,
    backup: {
      schedule: e.BACKUP_SCHEDULE,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      target:
        backupDir.kind === "dir"
          ? { kind: "dir", dir: resolve(backupDir.dir) }
          : { kind: "s3", s3: s3(backupDir.bucket), prefix: backupDir.prefix },
      keep: { daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY, monthly: e.BACKUP_KEEP_MONTHLY },
    },
  };
}

function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
