import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, clientFor, sessionCookie, type TestApp } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";

/**
 * A real OpenID Connect provider (node-oidc-provider) on 127.0.0.1. Its login and consent
 * screens are answered automatically for the account named in `nextAccount`.
 */
let nextAccount = "family-7";
let server: Server;
let issuer: string;
let t: TestApp;
const PUBLIC_URL = "http://localhost:3000";

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "care-tracker",
        client_secret: "a-test-client-secret-of-enough-length",
        redirect_uris: [`${PUBLIC_URL}/api/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      // An account named "unverified-..." has an email its provider does not vouch for.
      claims: async () => ({
        sub,
        email: `${sub}@example.org`,
        ...(sub.startsWith("unverified") ? {} : { email_verified: true }),
        given_name: "Pat",
        family_name: "Doe",
      }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({
      accountId: nextAccount,
      clientId: details.params.client_id as string,
    });
    grant.addOIDCScope("openid email profile");
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: nextAccount }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });
  t = await buildTestApp({
    PUBLIC_URL,
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: "care-tracker",
    OIDC_CLIENT_SECRET: "a-test-client-secret-of-enough-length",
  });
});

afterAll(async () => {
  await t?.close();
  server?.close();
});

/** Follows the provider's redirects like a browser, keeping its cookies, until it sends us back. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!.trim(), value.join("="));
    }
    const location = response.headers.get("location");
    if (!location)
      throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(`${PUBLIC_URL}/api/callback`)) return next;
    url = next.href;
  }
  throw new Error("too many redirects");
}

async function signInThroughProvider(next?: string, landsOn = "/") {
  const query = next === undefined ? "" : `?next=${encodeURIComponent(next)}`;
  const start = await t.app.inject({ method: "GET", url: `/api/login${query}` });
  expect(start.statusCode).toBe(302);
  const location = new URL(start.headers.location as string);
  expect(location.origin).toBe(issuer);
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  expect(location.searchParams.get("state")).toBeTruthy();
  expect(location.searchParams.get("nonce")).toBeTruthy();
  const pending = start.cookies.find((c) => c.name === "oidc_pending")!;
  const back = await throughProvider(location.href);
  const callback = await t.app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `oidc_pending=${pending.value}` },
  });
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe(landsOn);
  return clientFor(t.app, sessionCookie(callback));
}

describe("where OpenID Connect sign-in lands", () => {
  it("goes on to the path the person was going to", async () => {
    nextAccount = "family-next-1";
    await signInThroughProvider("/tpn?log=today", "/tpn?log=today");
  });

  it.each(["https://evil.example/", "//evil.example/tpn", "/\\evil.example", "javascript:alert(1)"])(
    "refuses a next of %j and lands on the dashboard",
    async (next) => {
      nextAccount = "family-next-2";
      await signInThroughProvider(next, "/");
    },
  );
});

describe("OpenID Connect sign-in", () => {
  it("signs in through the provider and creates the user once", async () => {
    nextAccount = "family-7";
    const first = await signInThroughProvider();
    const me = (await first.get("/api/auth/user")).json();
    expect(me).toMatchObject({
      email: "family-7@example.org",
      firstName: "Pat",
      lastName: "Doe",
      firstVisit: true,
    });

    const second = await signInThroughProvider();
    expect((await second.get("/api/auth/user")).json()).toMatchObject({ id: me.id, firstVisit: false });
    const rows = await queryRows(
      t.database,
      sql`select count(*)::int as n from users where oidc_subject = 'family-7'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it("counts an email the provider says is verified as confirmed, and no other", async () => {
    nextAccount = "family-10";
    const verified = await signInThroughProvider();
    expect((await verified.get("/api/auth/user")).json()).toMatchObject({
      email: "family-10@example.org",
      emailConfirmed: true,
    });
    nextAccount = "unverified-11";
    const unverified = await signInThroughProvider();
    expect((await unverified.get("/api/auth/user")).json()).toMatchObject({
      email: "unverified-11@example.org",
      emailConfirmed: false,
    });
    // Its exports are not emailed until the address is confirmed with a link.
    const response = await unverified.post("/api/account/export-email", { format: "csv" });
    expect(response.statusCode).toBe(403);
  });

  it("starts a new account in the zone the browser left in the tz cookie, and keeps an old one's", async () => {
    const signInWithZone = async (zone: string) => {
      const start = await t.app.inject({ method: "GET", url: "/api/login" });
      const pending = start.cookies.find((c) => c.name === "oidc_pending")!;
      const back = await throughProvider(new URL(start.headers.location as string).href);
      const callback = await t.app.inject({
        method: "GET",
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `oidc_pending=${pending.value}; tz=${encodeURIComponent(zone)}` },
      });
      return clientFor(t.app, sessionCookie(callback));
    };
    nextAccount = "family-12";
    const first = await signInWithZone("America/Chicago");
    expect((await first.get("/api/auth/user")).json().timeZone).toBe("America/Chicago");
    const again = await signInWithZone("Europe/Berlin");
    expect((await again.get("/api/auth/user")).json().timeZone).toBe("America/Chicago");
    nextAccount = "family-13";
    const unknown = await signInWithZone("Mars/Olympus");
    expect((await unknown.get("/api/auth/user")).json().timeZone).toBe("UTC");
  });

  it("keeps different subjects apart", async () => {
    nextAccount = "family-8";
    const other = await signInThroughProvider();
    expect((await other.get("/api/auth/user")).json().email).toBe("family-8@example.org");
    expect((await other.get("/api/care-team")).json()).toEqual([]);
  });

  /** Starts a sign-in and follows the provider back to our callback, without calling it yet. */
  async function startAndReturn() {
    nextAccount = "family-9";
    const start = await t.app.inject({ method: "GET", url: "/api/login" });
    const pending = start.cookies.find((c) => c.name === "oidc_pending")!;
    const back = await throughProvider(start.headers.location as string);
    return { pending, back };
  }
  const callWith = (url: URL, pending: { value: string }) =>
    t.app.inject({
      method: "GET",
      url: `${url.pathname}${url.search}`,
      headers: { cookie: `oidc_pending=${pending.value}` },
    });
  const expectRefused = (response: Awaited<ReturnType<typeof callWith>>) => {
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/?signin=failed");
    expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
  };

  it("refuses a callback with the right state but a forged code", async () => {
    const { pending, back } = await startAndReturn();
    const forged = new URL(back);
    forged.searchParams.set("code", "forged-code");
    expectRefused(await callWith(forged, pending));
    // The genuine code, untouched, signs in: the refusal was the code's.
    const genuine = await callWith(back, pending);
    expect(genuine.headers.location).toBe("/");
  });

  it("refuses a callback with a genuine code but another state", async () => {
    const { pending, back } = await startAndReturn();
    const forged = new URL(back);
    forged.searchParams.set("state", "another-state");
    expectRefused(await callWith(forged, pending));
  });

  it("refuses a callback without the pending sign-in cookie", async () => {
    const { back } = await startAndReturn();
    const response = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/?signin=expired");
    expect(response.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("refuses local sign-in and sign-up", async () => {
    const local = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@b.org", password: "whatever-long-enough" },
    });
    expect(local.statusCode).toBe(403);
    expect(local.json()).toEqual({ message: "Sign in through the identity provider." });
    expect((await t.app.inject({ method: "GET", url: "/api/auth/config" })).json()).toEqual({
      mode: "oidc",
      allowSignup: false,
    });
  });
});
