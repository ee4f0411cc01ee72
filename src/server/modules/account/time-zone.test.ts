import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  clientFor,
  PASSWORD,
  sessionCookie,
  signUp,
  type TestApp,
  uniqueAddress,
  uniqueEmail,
} from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Sets the app's clock to `iso` (forward or back): the family's "now" in these tests. */
const setClock = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

describe("the family's time zone on the account", () => {
  it("keeps the zone the browser sent at sign-up and answers it with the user", async () => {
    const user = await signUp(t.app, { timeZone: "America/Chicago" });
    expect((await user.get("/api/auth/user")).json()).toMatchObject({ timeZone: "America/Chicago" });
  });

  it("starts an account whose browser named no zone in UTC", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: uniqueEmail(), password: PASSWORD },
      remoteAddress: uniqueAddress(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().timeZone).toBe("UTC");
    const user = clientFor(t.app, sessionCookie(response));
    expect((await user.get("/api/auth/user")).json().timeZone).toBe("UTC");
  });

  it("refuses a sign-up with a zone that is no IANA name (400), making no account", async () => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD, timeZone: "Mars/Olympus" },
      remoteAddress: uniqueAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: "timeZone", message: "Time zone must be a time zone name, such as America/Chicago" },
    ]);
  });

  it("changes the zone through PUT /api/profile, and leaves it when the profile sends none", async () => {
    const user = await signUp(t.app, { timeZone: "UTC" });
    const changed = await user.put("/api/profile", { firstName: "Maria", timeZone: "Pacific/Honolulu" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().timeZone).toBe("Pacific/Honolulu");
    const names = await user.put("/api/profile", { firstName: "Ana" });
    expect(names.json()).toMatchObject({ firstName: "Ana", timeZone: "Pacific/Honolulu" });
    expect((await user.get("/api/auth/user")).json().timeZone).toBe("Pacific/Honolulu");
  });

  it("answers PUT /api/profile with a bad zone with 400 and keeps the old one", async () => {
    const user = await signUp(t.app, { timeZone: "Europe/Berlin" });
    for (const timeZone of ["Nowhere/Land", "+02:00", "", 5]) {
      const response = await user.put("/api/profile", { firstName: "Maria", timeZone });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues.map((i: { path: string }) => i.path)).toEqual(["timeZone"]);
    }
    expect((await user.get("/api/auth/user")).json()).toMatchObject({
      firstName: "Maria",
      timeZone: "Europe/Berlin",
    });
  });
});

describe("the date rules follow the family's today", () => {
  const symptom = (date: string) => ({ date, symptoms: "nausea" });

  it("at 23:30 in Kiritimati (UTC+14), takes an entry dated the family's today and refuses tomorrow", async () => {
    // 23:30 on 24 November in Kiritimati is 09:30 UTC on the 24th.
    setClock("2026-11-24T09:30:00Z");
    const user = await signUp(t.app, { timeZone: "Pacific/Kiritimati" });
    expect((await user.post("/api/symptoms", symptom("2026-11-24"))).statusCode).toBe(201);
    const tomorrow = await user.post("/api/symptoms", symptom("2026-11-25"));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().issues).toEqual([{ path: "date", message: "Date cannot be in the future" }]);
    // An hour later it is the 25th there (10:30 UTC, still the 24th in UTC).
    t.clock.advance(60 * 60 * 1000);
    expect((await user.post("/api/symptoms", symptom("2026-11-25"))).statusCode).toBe(201);
  });

  it("at 23:30 in Honolulu (UTC-10), takes an entry dated the family's today and refuses tomorrow", async () => {
    // 23:30 on 24 November in Honolulu is 09:30 UTC on the 25th: the server's UTC date is tomorrow.
    setClock("2026-11-25T09:30:00Z");
    const user = await signUp(t.app, { timeZone: "Pacific/Honolulu" });
    expect((await user.post("/api/symptoms", symptom("2026-11-24"))).statusCode).toBe(201);
    const tomorrow = await user.post("/api/symptoms", symptom("2026-11-25"));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().issues).toEqual([{ path: "date", message: "Date cannot be in the future" }]);
  });

  it("follows a zone changed in Settings from the next request on", async () => {
    setClock("2026-11-24T09:30:00Z");
    const user = await signUp(t.app, { timeZone: "UTC" });
    // 09:30 on the 24th in UTC: the 25th is tomorrow.
    expect((await user.post("/api/symptoms", symptom("2026-11-25"))).statusCode).toBe(400);
    await user.put("/api/profile", { timeZone: "Pacific/Kiritimati" });
    // It is 23:30 on the 24th in Kiritimati: still refused; at 00:30 on the 25th taken.
    expect((await user.post("/api/symptoms", symptom("2026-11-25"))).statusCode).toBe(400);
    t.clock.advance(60 * 60 * 1000);
    expect((await user.post("/api/symptoms", symptom("2026-11-25"))).statusCode).toBe(201);
  });
});
