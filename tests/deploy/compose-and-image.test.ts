import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * What a self-hoster copies: compose.yaml must be a valid Compose file (the Compose
 * Specification's own JSON Schema, deploy/compose-spec.schema.json, from compose-spec/compose-spec),
 * and say what the README promises. `.ci/run` builds and runs the image itself; this checks the
 * files' shape on every test run, without a container engine.
 */
const compose = parse(readFileSync("compose.yaml", "utf8")) as {
  services: Record<string, Record<string, unknown> & { profiles?: string[] }>;
  volumes: Record<string, unknown>;
};

describe("compose.yaml", () => {
  it("follows the Compose Specification", () => {
    const schema = JSON.parse(readFileSync("deploy/compose-spec.schema.json", "utf8"));
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, validateSchema: false });
    const validate = ajv.compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it("runs the app alone on its embedded database by default: one service, one volume", () => {
    const always = Object.entries(compose.services).filter(([, service]) => !service.profiles);
    expect(always.map(([name]) => name)).toEqual(["app"]);
    expect(compose.services.app?.volumes).toEqual(["app-data:/data"]);
  });

  it("offers PostgreSQL 17 with checksums and a health check the app waits for", () => {
    const postgres = compose.services.postgres!;
    expect(postgres.profiles).toEqual(["postgres"]);
    expect(postgres.image).toMatch(/postgres:17/);
    expect((postgres.environment as Record<string, string>).POSTGRES_INITDB_ARGS).toContain(
      "--data-checksums",
    );
    expect(JSON.stringify(postgres.healthcheck)).toContain("pg_isready");
    expect(compose.services.app?.depends_on).toMatchObject({
      postgres: { condition: "service_healthy", required: false },
    });
  });

  it("offers an S3 store for photos (SeaweedFS) in its own profile", () => {
    expect(compose.services.s3?.profiles).toEqual(["s3"]);
    expect(compose.services.s3?.image).toMatch(/seaweedfs/);
  });

  it("names every setting it reads in .env.example", () => {
    const example = readFileSync(".env.example", "utf8");
    const text = readFileSync("compose.yaml", "utf8");
    const used = new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]!));
    // Set by the one who builds (CI passes its stand-in base), not by a family's server.
    for (const buildOnly of ["MCT_IMAGE", "NODE_IMAGE", "S3_PORT"]) used.delete(buildOnly);
    expect([...used].filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(example))).toEqual([]);
  });
});

describe("Containerfile", () => {
  const file = readFileSync("Containerfile", "utf8");
  const runtime = file.slice(file.lastIndexOf("\nFROM "));

  it("takes its base image as a build argument, node:24-bookworm-slim by default", () => {
    expect(file).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(file).toMatch(/^FROM \$\{NODE_IMAGE\} AS deps$/m);
    // The build stage on the packages' stage: .ci/run swaps this line for the stage it kept.
    expect(file).toMatch(/^FROM deps AS build$/m);
    expect(file).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime-root$/m);
  });

  it("runs Node.js alone on a root of its own (no shell, no npm), as uid 1000 with its data in /data (0700)", () => {
    expect(runtime).toMatch(/^FROM scratch$/m);
    expect(runtime).toMatch(/^COPY --from=runtime-root \/rootfs\/ \/$/m);
    expect(file).toMatch(/chown 1000:1000 "\$root\/data"; chmod 0700 "\$root\/data"/);
    expect(runtime).toMatch(/^USER 1000:1000$/m);
    expect(runtime).toMatch(/^VOLUME \/data$/m);
  });

  it("checks its health on /api/health with Node.js itself", () => {
    expect(runtime).toMatch(/^HEALTHCHECK .*CMD \["node", "\/app\/healthcheck\.mjs"\]$/m);
    expect(readFileSync("scripts/container/healthcheck.mjs", "utf8")).toContain("/api/health");
  });
});
