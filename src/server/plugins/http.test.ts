import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  PASSWORD,
  signUp,
  type TestApp,
  uniqueAddress,
  uniqueEmail,
} from "../../../tests/helpers/test-app";
import { queryRows } from "../../../tests/helpers/test-database";
import { BODY_LIMIT, signedIn } from "../app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const careTeamCount = async (familyId: string) =>
  (
    await queryRows(
      t.database,
      sql`select count(*)::int as n from care_team_members where family_id = ${familyId}`,
    )
  )[0];

describe("signed out", () => {
  it("answers every non-public API route with 401 and the error envelope", async () => {
    const routes = t.app.signedInRoutes;
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = route.url.replace(":id", "00000000-0000-4000-8000-000000000000");
      const response = await t.app.inject({
        method: route.method as "GET",
        url,
        payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(response.json()).toEqual({ message: "Not signed in" });
    }
  });
});

describe("protection by registration", () => {
  it("answers a route added in the signed-in scope with 401 when signed out, with no check of its own", async () => {
    const probe = await buildTestApp({}, (app) =>
      app.register(
        signedIn(async (scope) => {
          scope.get("/api/probe", async () => ({ reached: true }));
        }),
      ),
    );
    try {
      const response = await probe.app.inject({ method: "GET", url: "/api/probe" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Not signed in" });
      const user = await signUp(probe.app);
      expect((await user.get("/api/probe")).json()).toEqual({ reached: true });
    } finally {
      await probe.close();
    }
  });

  it("protects a route whatever way its path is written", async () => {
    for (const url of ["/%61pi/care-team", "/api//care-team", "/API/care-team", "/api/care-team/"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: expect.toBeOneOf([401, 404]) });
      expect(response.body).not.toContain("[");
    }
  });
});

describe("bad input", () => {
  it("refuses a NUL byte in sign-up and profile fields with 400 naming the field", async () => {
    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: { email: "nul@example.org", password: PASSWORD, firstName: "Ma\u0000ria" },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().issues).toEqual([
      { path: "firstName", message: "Must not contain a NUL character" },
    ]);
    const user = await signUp(t.app);
    const profile = await user.put("/api/profile", {
      firstName: "Ana",
      lastName: "x\u0000",
      childName: "Sam",
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().issues.map((i: { path: string }) => i.path)).toEqual(["lastName"]);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nul\u0000@example.org", password: PASSWORD },
    });
    expect(login.statusCode).toBe(400);
  });

  it("refuses whole numbers written in hex or with an exponent", async () => {
    const user = await signUp(t.app);
    for (const painLevel of ["0x10", "1e3", "0b1", " 4 5", "Infinity"]) {
      const response = await user.post("/api/symptoms", { date: "2026-11-20", painLevel });
      expect({ painLevel, status: response.statusCode }).toEqual({ painLevel, status: 400 });
      expect(response.json().issues).toEqual([
        { path: "painLevel", message: "Pain level must be a whole number" },
      ]);
    }
    expect((await user.post("/api/children", { name: "Sam", age: "0x10" })).statusCode).toBe(400);
    expect(
      (await user.post("/api/symptoms", { date: "2026-11-20", painLevel: " 7 " })).json().painLevel,
    ).toBe(7);
  });

  it("answers an id of 5,000 characters as a missing record, in the error envelope", async () => {
    const user = await signUp(t.app);
    const id = "a".repeat(5000);
    for (const response of [
      await user.get(`/api/care-team/${id}`),
      await user.delete(`/api/care-team/${id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Record not found" });
    }
  });

  it("refuses a password of spaces", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: { email: uniqueEmail(), password: " ".repeat(12) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      {
        path: "password",
        message: "Password must be at least 12 characters, not counting spaces at either end",
      },
    ]);
  });

  it("answers malformed JSON with 400 and saves nothing", async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      payload: '{"name": "Dr. Patel", "role": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The request body is not valid JSON" });
    expect(await careTeamCount(user.familyId)).toEqual({ n: 0 });
  });

  it("answers wrong types with 400 naming each field", async () => {
    const user = await signUp(t.app);
    const response = await user.post("/api/care-team", { name: 42, role: ["x"], email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "role", "email"]));
    expect(await careTeamCount(user.familyId)).toEqual({ n: 0 });
  });

  it("answers an oversized body with 413 and saves nothing", async () => {
    const user = await signUp(t.app);
    const response = await user.post("/api/care-team", {
      name: "Dr. Patel",
      role: "GI",
      notes: "x".repeat(BODY_LIMIT + 10),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "The request body is too large" });
    expect(await careTeamCount(user.familyId)).toEqual({ n: 0 });
  });

  it("answers a body that is not JSON with 415", async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "name=Dr&role=GI",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: "Send the request body as application/json" });
  });

  it("answers an unknown API path with 404 JSON", async () => {
    const user = await signUp(t.app);
    const response = await user.get("/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found" });
  });
});

describe("caching", () => {
  it("marks every API response no-store, signed in or not, found or not", async () => {
    const user = await signUp(t.app);
    const responses = [
      await user.get("/api/care-team"),
      await user.get("/api/auth/user"),
      await user.get("/api/no-such-thing"),
      await t.app.inject({ method: "GET", url: "/api/care-team" }),
      await t.app.inject({ method: "GET", url: "/api/auth/config" }),
      await user.post("/api/care-team", { name: 1 }),
    ];
    for (const response of responses) expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("cross-site writes and headers", () => {
  it("refuses a state-changing request from another origin", async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
      payload: { name: "Dr. Patel", role: "GI" },
    });
    expect(response.statusCode).toBe(403);
    expect(await careTeamCount(user.familyId)).toEqual({ n: 0 });
    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie: user.cookie, origin: "http://localhost:80" },
      payload: { name: "Dr. Patel", role: "GI" },
    });
    expect(sameOrigin.statusCode).toBe(201);
    // Behind a proxy that ends TLS, the page's origin is https while the server sees http.
    const proxied = await t.app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie: user.cookie, origin: "https://localhost:80" },
      payload: { name: "Dr. Patel", role: "GI" },
    });
    expect(proxied.statusCode).toBe(201);
    const lookalike = await t.app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie: user.cookie, origin: "http://localhost:80.evil.example" },
      payload: { name: "Dr. Patel", role: "GI" },
    });
    expect(lookalike.statusCode).toBe(403);
  });

  it("refuses a Host that is not a plain host[:port] on every path, a cross-site write included", async () => {
    const user = await signUp(t.app);
    for (const host of ["127.0.0.1:3960@evil.example", "localhost:1@evil.example", "localhost/x", "127.1"]) {
      const config = await t.app.inject({ method: "GET", url: "/api/auth/config", headers: { host } });
      expect(config.statusCode, host).toBe(400);
      expect(config.json()).toEqual({ message: "The request's Host is not a host name with a port." });
      // The Origin check read this Host's host as evil.example, the page's own.
      const write = await t.app.inject({
        method: "POST",
        url: "/api/care-team",
        headers: { cookie: user.cookie, host, origin: "http://evil.example" },
        payload: { name: "Dr. Patel", role: "GI" },
      });
      expect(write.statusCode, host).toBe(400);
    }
    expect(await careTeamCount(user.familyId)).toEqual({ n: 0 });
  });

  it("sends a Content-Security-Policy and the other security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/config" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
