import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../../tests/helpers/test-database";
import { BODY_LIMIT } from "../app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const careTeamCount = async (userId: string) =>
  (
    await queryRows(
      t.database,
      sql`select count(*)::int as n from care_team_members where user_id = ${userId}`,
    )
  )[0];

describe("signed out", () => {
  it("answers every non-public API route with 401 and the error envelope", async () => {
    const routes = t.app.registeredRoutes.filter((r) => !r.public && r.url.startsWith("/api/"));
    expect(routes.length).toBeGreaterThan(5);
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

describe("bad input", () => {
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
    expect(await careTeamCount(user.id)).toEqual({ n: 0 });
  });

  it("answers wrong types with 400 naming each field", async () => {
    const user = await signUp(t.app);
    const response = await user.post("/api/care-team", { name: 42, role: ["x"], email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "role", "email"]));
    expect(await careTeamCount(user.id)).toEqual({ n: 0 });
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
    expect(await careTeamCount(user.id)).toEqual({ n: 0 });
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
    expect(response.json().message).toEqual(expect.any(String));
  });

  it("answers an unknown API path with 404 JSON", async () => {
    const user = await signUp(t.app);
    const response = await user.get("/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found" });
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
    expect(await careTeamCount(user.id)).toEqual({ n: 0 });
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

  it("sends a Content-Security-Policy and the other security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/config" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
