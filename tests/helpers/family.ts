import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Role } from "../../src/domain/roles";
import { signUp, type TestApp, type TestUser, uniqueEmail } from "./test-app";
import { queryRows } from "./test-database";

/** The token of an invitation's link (`/join?token=...`). */
export const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

/** The owner invites `email` with a role (and children); answers the invitation and its link's token. */
export async function invite(
  owner: TestUser,
  options: { email?: string; role?: Exclude<Role, "owner">; childIds?: string[] | null } = {},
) {
  const response = await owner.post("/api/family/invitations", {
    email: options.email ?? uniqueEmail("member"),
    role: options.role ?? "caregiver",
    childIds: options.childIds ?? null,
  });
  expect(response.statusCode).toBe(201);
  const invitation = response.json();
  return { ...invitation, token: tokenOf(invitation.url) } as {
    id: string;
    url: string;
    email: string;
    token: string;
    delivery: string;
    expiresAt: string;
  };
}

/**
 * Marks an account's address confirmed, as opening its confirmation link does (that flow is
 * tested in email-confirmation.test.ts; here the address only has to be one the person reads).
 */
export async function markEmailConfirmed(t: TestApp, user: TestUser) {
  await queryRows(
    t.database,
    sql`update users set confirmed_email = email, email_confirmed_at = now() where id = ${user.id}`,
  );
}

/**
 * A new person who joined the owner's family with a role (and children): signed up with the
 * invited address, confirmed it, and accepted. Their `familyId` is the owner's family, which their
 * sessions now use.
 */
export async function joinFamily(
  t: TestApp,
  owner: TestUser,
  options: { role?: Exclude<Role, "owner">; childIds?: string[] | null; firstName?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail("member");
  const { token } = await invite(owner, { ...options, email });
  const member = await signUp(t.app, { email, firstName: options.firstName ?? "Grace", lastName: "Member" });
  await markEmailConfirmed(t, member);
  const accepted = await member.post("/api/invitations/accept", { token });
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json().familyId).toBe(owner.familyId);
  // The family this device now uses is a cookie: send it with every request from here on.
  const family = accepted.cookies.find((c) => c.name === "family");
  expect(family).toBeDefined();
  const cookie = `${member.cookie}; family=${family!.value}`;
  const send = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    ...member,
    familyId: owner.familyId,
    cookie,
    get: (url) => send("GET", url),
    post: (url, body) => send("POST", url, body),
    patch: (url, body) => send("PATCH", url, body),
    put: (url, body) => send("PUT", url, body),
    delete: (url) => send("DELETE", url),
  };
}
