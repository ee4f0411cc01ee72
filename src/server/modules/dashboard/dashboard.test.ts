import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { seedEveryRecordType } from "../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const zero = {
  tpnEntries: 0,
  specialistVisits: 0,
  labTests: 0,
  symptomEntries: 0,
  medicalAllergies: 0,
  careTeamMembers: 0,
};

/** The six counts as the records themselves give them, optionally for one child's view. */
async function exactCounts(user: TestUser, childId?: string) {
  const child = (column: string, withUnlinked: boolean) =>
    childId
      ? withUnlinked
        ? sql` and (${sql.raw(column)} = ${childId} or ${sql.raw(column)} is null)`
        : sql` and ${sql.raw(column)} = ${childId}`
      : sql``;
  const [row] = await queryRows(
    t.database,
    sql`select
      (select count(*) from tpn_entries where family_id = ${user.familyId}${child("child_id", false)})::int as "tpnEntries",
      (select count(*) from specialist_visits where family_id = ${user.familyId}${child("child_id", true)})::int as "specialistVisits",
      (select count(*) from lab_tests where family_id = ${user.familyId}${child("child_id", true)})::int as "labTests",
      (select count(*) from symptom_entries where family_id = ${user.familyId}${child("child_id", true)})::int as "symptomEntries",
      (select count(*) from medical_allergies where family_id = ${user.familyId}${child("child_id", true)})::int as "medicalAllergies",
      (select count(*) from care_team_members where family_id = ${user.familyId})::int as "careTeamMembers"`,
  );
  return row;
}

describe("dashboard", () => {
  it("counts each record type of the user, moving with adds and deletes", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await user.get("/api/dashboard/stats")).json()).toEqual(zero);
    const childId = await addChild(user);
    await user.post("/api/tpn", { childId, date: "2026-11-20", calories: "850" });
    await user.post("/api/specialist-visits", { doctorName: "Dr. O", specialty: "GI", date: "2026-11-21" });
    await user.post("/api/lab-tests", { testName: "CBC", date: "2026-11-19", status: "pending" });
    const symptom = (await user.post("/api/symptoms", { date: "2026-11-20", symptoms: "fever" })).json();
    await user.post("/api/allergies", { allergen: "Latex", reaction: "Hives", severity: "mild" });
    await user.post("/api/care-team", { name: "Dr. P", role: "GI" });
    await user.post("/api/care-team", { name: "Nurse K", role: "Nurse" });
    await other.post("/api/care-team", { name: "Someone else", role: "GP" });
    expect((await user.get("/api/dashboard/stats")).json()).toEqual({
      tpnEntries: 1,
      specialistVisits: 1,
      labTests: 1,
      symptomEntries: 1,
      medicalAllergies: 1,
      careTeamMembers: 2,
    });
    await user.delete(`/api/symptoms/${symptom.id}`);
    expect((await user.get("/api/dashboard/stats")).json()).toMatchObject({
      symptomEntries: 0,
      careTeamMembers: 2,
    });
    expect((await other.get("/api/dashboard/stats")).json()).toEqual({ ...zero, careTeamMembers: 1 });
  });

  it("counts one child's records and the unlinked ones with ?childId=", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    await user.post("/api/lab-tests", {
      childId: sam,
      testName: "CBC",
      date: "2026-11-19",
      status: "pending",
    });
    await user.post("/api/lab-tests", {
      childId: ava,
      testName: "CMP",
      date: "2026-11-19",
      status: "pending",
    });
    await user.post("/api/lab-tests", { testName: "Family note", date: "2026-11-19", status: "pending" });
    expect(
      (await user.post("/api/tpn", { childId: ava, date: "2026-11-20", calories: "850" })).statusCode,
    ).toBe(201);
    expect((await user.get(`/api/dashboard/stats?childId=${sam}`)).json()).toMatchObject({
      labTests: 2,
      tpnEntries: 0,
    });
  });

  it("keeps its counts exact however records come and go: edits, moves, a child's deletion, a restore, many at once", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    const check = async () => {
      for (const childId of [undefined, sam, ava]) {
        const query = childId ? `?childId=${childId}` : "";
        expect((await user.get(`/api/dashboard/stats${query}`)).json()).toEqual(
          await exactCounts(user, childId),
        );
      }
    };
    await check();
    // Twenty at the same instant, to both children and to none.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        user.post("/api/symptoms", {
          childId: [sam, ava, null][i % 3],
          date: "2026-11-20",
          symptoms: "fever",
        }),
      ),
    );
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        user.post("/api/tpn", { childId: i % 2 ? sam : ava, date: `2026-11-${10 + i}`, calories: "850" }),
      ),
    );
    const lab = (
      await user.post("/api/lab-tests", {
        childId: sam,
        testName: "CBC",
        date: "2026-11-19",
        status: "pending",
      })
    ).json();
    await user.post("/api/specialist-visits", {
      childId: ava,
      doctorName: "Dr. O",
      specialty: "GI",
      date: "2026-11-21",
    });
    await user.post("/api/allergies", { allergen: "Latex", reaction: "Hives", severity: "mild" });
    await user.post("/api/care-team", { name: "Dr. P", role: "GI" });
    await check();
    // An edit that keeps the child, then a move to the other child, then unlinked.
    await user.patch(`/api/lab-tests/${lab.id}`, { status: "completed" });
    await user.patch(`/api/lab-tests/${lab.id}`, { childId: ava });
    await check();
    await user.patch(`/api/lab-tests/${lab.id}`, { childId: null });
    await check();
    // Deleting Ava deletes her TPN entries and unlinks her other records.
    expect((await user.delete(`/api/children/${ava}`)).statusCode).toBe(204);
    await check();
    // A restore of a whole family adds its records in one go.
    const donor = await signUp(t.app);
    await seedEveryRecordType(t, donor);
    const backup = await donor.get("/api/account/export");
    const restored = await t.app.inject({
      method: "POST",
      // The family holds records: a restore into it is asked for.
      url: "/api/account/import?confirm=true",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      payload: backup.body,
    });
    expect(restored.statusCode).toBe(200);
    await check();
    expect((await user.delete("/api/account/child-profile")).statusCode).toBe(200);
    expect((await user.get("/api/dashboard/stats")).json()).toEqual(zero);
  });

  it("lets an account go with everything it counted", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    await user.post("/api/tpn", { childId: sam, date: "2026-11-20", calories: "850" });
    await user.post("/api/lab-tests", {
      childId: sam,
      testName: "CBC",
      date: "2026-11-19",
      status: "pending",
    });
    await user.post("/api/care-team", { name: "Dr. P", role: "GI" });
    expect((await user.delete("/api/account/user")).statusCode).toBe(200);
    const [left] = await queryRows(
      t.database,
      sql`select count(*)::int as n from record_counts where family_id = ${user.familyId}`,
    );
    expect(left).toEqual({ n: 0 });
  });

  it("lists the user's latest changes for Recent Activity, newest first", async () => {
    const user = await signUp(t.app);
    expect((await user.get("/api/dashboard/activity")).json()).toEqual([]);
    await user.post("/api/care-team", { name: "Dr. P", role: "GI" });
    await user.post("/api/allergies", { allergen: "Latex", reaction: "Hives", severity: "mild" });
    const activity = (await user.get("/api/dashboard/activity")).json();
    expect(
      activity.map((a: { entity: string; action: string; summary: string }) => [
        a.entity,
        a.action,
        a.summary,
      ]),
    ).toEqual([
      ["medical_allergy", "create", "Latex (mild)"],
      ["care_team_member", "create", "Dr. P (GI)"],
    ]);
  });

  const activityOf = async (user: Awaited<ReturnType<typeof signUp>>) =>
    (await user.get("/api/dashboard/activity")).json() as {
      entity: string;
      action: string;
      summary: string | null;
    }[];

  it("keeps no trace of a deleted record's content in Recent Activity", async () => {
    const user = await signUp(t.app);
    const allergy = (
      await user.post("/api/allergies", { allergen: "Peanut", reaction: "Hives", severity: "severe" })
    ).json();
    await user.patch(`/api/allergies/${allergy.id}`, { reaction: "Swelling" });
    await user.delete(`/api/allergies/${allergy.id}`);
    const activity = await activityOf(user);
    expect(activity.map((a) => [a.entity, a.action, a.summary])).toEqual([
      ["medical_allergy", "delete", null],
      ["medical_allergy", "update", null],
      ["medical_allergy", "create", null],
    ]);
  });

  it("keeps no trace of a deleted child, or of the records deleted with it", async () => {
    const user = await signUp(t.app);
    const childId = await addChild(user, "Peanut-Child");
    await user.post("/api/tpn", { childId, date: "2026-11-20", calories: "850" });
    await user.post("/api/allergies", { childId, allergen: "Latex", reaction: "Hives", severity: "mild" });
    expect((await user.delete(`/api/children/${childId}`)).statusCode).toBe(204);
    const text = JSON.stringify(await activityOf(user));
    expect(text).not.toContain("Peanut-Child");
    expect(text).not.toContain("2026-11-20");
    // The allergy still exists (unlinked), so its own summary stays.
    expect(text).toContain("Latex (mild)");
    expect((await activityOf(user))[0]).toMatchObject({ entity: "child", action: "delete", summary: null });
  });

  it("keeps no trace of any record after 'Delete Child Profile', and audits the deletion itself", async () => {
    const user = await signUp(t.app);
    await addChild(user, "Sam");
    await user.post("/api/allergies", { allergen: "Peanut", reaction: "Hives", severity: "severe" });
    await user.post("/api/care-team", { name: "Dr. Confidential", role: "GI" });
    expect((await user.delete("/api/account/child-profile")).statusCode).toBe(200);
    const activity = await activityOf(user);
    const text = JSON.stringify(activity);
    for (const content of ["Peanut", "Sam", "Dr. Confidential"]) expect(text).not.toContain(content);
    expect(activity[0]).toMatchObject({ entity: "child_profile", action: "delete", summary: null });
  });
});
