import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z
  .object({
    PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    PUBLIC_URL: z.url({ message: "must be a URL such as https://care.example.org" }).optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number({ message: "must be a number of minutes" })
      .int()
      .min(1)
      .max(1440)
      .default(120),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ALLOW_SIGNUP: booleanText.default(true),
    OIDC_ISSUER_URL: z.url({ message: "must be the identity provider's issuer URL" }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
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
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  logLevel: string;
}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    allowSignup: e.ALLOW_SIGNUP,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    logLevel: e.LOG_LEVEL,
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
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
