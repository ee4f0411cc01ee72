import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "../../../tests/helpers/test-app";

const SCRIPT = `console.log(${JSON.stringify("care ".repeat(500))});`;
const WORKER = `self.addEventListener("push", () => {}); // ${"worker ".repeat(300)}`;

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  // A built client as `npm run build` leaves it: hashed assets with their compressed copies.
  clientDir = mkdtempSync(join(tmpdir(), "mct-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(
    join(clientDir, "index.html"),
    '<!doctype html><head><script type="module" src="/assets/index-AbC123.js"></script></head><div id=root></div>',
  );
  // Vite's manifest: the entry, the signed-in shell and the dashboard, and a chunk they share.
  mkdirSync(join(clientDir, ".vite"));
  writeFileSync(
    join(clientDir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-AbC123.js", imports: ["_react.js"] },
      "_react.js": { file: "assets/react-R1.js" },
      "_card.js": { file: "assets/card-C1.js", imports: ["_react.js"] },
      "app/signed-in-app.tsx": { file: "assets/signed-in-app-S1.js", imports: ["_react.js", "_card.js"] },
      "features/dashboard/dashboard-page.tsx": { file: "assets/dashboard-page-D1.js", imports: ["_card.js"] },
      "features/notes/notes-page.tsx": { file: "assets/notes-page-N1.js", imports: ["_card.js"] },
      "features/landing/landing-page.tsx": { file: "assets/landing-page-L1.js", imports: ["_react.js"] },
    }),
  );
  // The service worker and the files it keeps, at the site's root as the build writes them.
  writeFileSync(join(clientDir, "sw.js"), WORKER);
  writeFileSync(join(clientDir, "sw.js.br"), brotliCompressSync(WORKER));
  writeFileSync(join(clientDir, "manifest.webmanifest"), '{"name":"Medical Care Tracker"}');
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

  it("sends the service worker fresh each time (a new version is found at once), compressed, allowed by the policy", async () => {
    const worker = await t.app.inject({ url: "/sw.js", headers: { "accept-encoding": "br" } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(worker.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe(WORKER);
    const policy = String(worker.headers["content-security-policy"]);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    // The page and the manifest the worker keeps: never a year in a cache, unlike hashed assets.
    for (const url of ["/index.html", "/manifest.webmanifest"]) {
      const kept = await t.app.inject({ url });
      expect(kept.statusCode, url).toBe(200);
      expect(kept.headers["cache-control"], url).toBe("no-cache");
    }
    expect((await t.app.inject({ url: "/manifest.webmanifest" })).headers["content-type"]).toBe(
      "application/manifest+json",
    );
  });

  const signedInUserIn = (body: string) => {
    const match = /<script type="application\/json" id="signed-in-user">(.*?)<\/script>/.exec(body);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]!);
  };
  const pageAnswersIn = (body: string) => {
    const match = /<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(body);
    return match ? JSON.parse(match[1]!) : null;
  };
  const preloadsIn = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("answers every app route with the page, saying no one is signed in and preloading the landing page", async () => {
    const page = await t.app.inject({ url: "/symptoms-pain?add=1" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("<div id=root>");
    expect(signedInUserIn(page.body)).toBeNull();
    expect(pageAnswersIn(page.body)).toBeNull();
    expect(preloadsIn(page.body)).toEqual(["/assets/landing-page-L1.js"]);
  });

  it("carries the signed-in person as GET /api/auth/user answers, and preloads their first screen's code", async () => {
    const user = await signUp(t.app);
    await user.put("/api/profile", { firstName: "Ana", lastName: "Lopez", childName: "Sam" });
    const page = await t.app.inject({ url: "/", headers: { cookie: user.cookie } });
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(signedInUserIn(page.body)).toEqual((await user.get("/api/auth/user")).json());
    expect(page.body).not.toMatch(/password|scrypt/i);
    // The shell and the dashboard with what they import, less what the entry already brings.
    expect(preloadsIn(page.body).sort()).toEqual([
      "/assets/card-C1.js",
      "/assets/dashboard-page-D1.js",
      "/assets/signed-in-app-S1.js",
    ]);
    // Another screen: the shell and that screen.
    const notes = await t.app.inject({ url: "/notes?add=1", headers: { cookie: user.cookie } });
    expect(preloadsIn(notes.body).sort()).toEqual([
      "/assets/card-C1.js",
      "/assets/notes-page-N1.js",
      "/assets/signed-in-app-S1.js",
    ]);
    // An address that is no screen: the shell only (it shows its 404 page).
    const unknown = await t.app.inject({ url: "/no/such/../page", headers: { cookie: user.cookie } });
    expect(preloadsIn(unknown.body).sort()).toEqual(["/assets/card-C1.js", "/assets/signed-in-app-S1.js"]);
  });

  it("carries the signed-in family's children as GET /api/children answers, and no one else's", async () => {
    const user = await signUp(t.app);
    expect((await user.post("/api/children", { name: "Mia </script>" })).statusCode).toBe(201);
    const other = await signUp(t.app);
    await other.post("/api/children", { name: "Leo" });
    const page = await t.app.inject({ url: "/", headers: { cookie: user.cookie } });
    expect(pageAnswersIn(page.body)).toEqual({ "/api/children": (await user.get("/api/children")).json() });
    expect(pageAnswersIn(page.body)["/api/children"]).toHaveLength(1);
  });

  it("keeps a name that looks like markup inside its data", async () => {
    const user = await signUp(t.app);
    const name = "</script><script>alert(1)</script>&<!--";
    expect((await user.put("/api/profile", { firstName: name, lastName: "\u2028x" })).statusCode).toBe(200);
    const page = await t.app.inject({ url: "/", headers: { cookie: user.cookie } });
    expect(page.body).not.toContain("<script>alert(1)");
    // The person, the page's first answers and the entry script.
    expect(page.body.match(/<\/script>/g)).toHaveLength(3);
    expect(signedInUserIn(page.body)).toEqual((await user.get("/api/auth/user")).json());
    expect(signedInUserIn(page.body)).toMatchObject({ firstName: name });
  });

  it("says no one is signed in on an ended session's cookie, and clears it", async () => {
    const user = await signUp(t.app);
    expect((await user.get("/api/logout")).statusCode).toBe(302);
    const page = await t.app.inject({ url: "/", headers: { cookie: user.cookie } });
    expect(signedInUserIn(page.body)).toBeNull();
    expect(String(page.headers["set-cookie"])).toMatch(/sid=;/);
  });

  it("answers an unknown API path with a JSON 404, not the page", async () => {
    const response = await t.app.inject({ url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found" });
  });
});
