import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app";

const SCRIPT = `console.log(${JSON.stringify("care ".repeat(500))});`;

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  // A built client as `npm run build` leaves it: hashed assets with their compressed copies.
  clientDir = mkdtempSync(join(tmpdir(), "mct-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><div id=root></div>");
  const script = join(clientDir, "assets", "index-AbC123.js");
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  t = await buildTestApp({}, undefined, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("the built client", () => {
  it("sends hashed assets compressed as the browser accepts, cached for a year", async () => {
    const br = await t.app.inject({
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await t.app.inject({
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    const plain = await t.app.inject({
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("answers every app route with index.html, never cached without checking", async () => {
    const page = await t.app.inject({ url: "/symptoms-pain?add=1" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("<div id=root>");
  });
});
