import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

/**
 * A reminder's steps fall on its rounds: the reminders go out every `repeatMinutes` from the due
 * time and at no other moment (src/domain/escalation.ts `toldAfter`), so a step between two rounds
 * would be told later than the form said. The server refuses it with the form's own schema.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const task = {
  title: "Vent the G-tube",
  intervalHours: 8,
  repeatMinutes: 5,
  nextAfterMinutes: 2,
  everyoneAfterMinutes: 60,
};

describe("a reminder's steps", () => {
  it("refuses a family task whose next caregiver would be told between two reminders (400 with issues)", async () => {
    const user = await signUp(t.app);
    const refused = await user.post("/api/tasks", task);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      {
        path: "nextAfterMinutes",
        message: "Reminders go out every 5 min: the next caregiver can be told after 0 or 5 min, not 2",
      },
    ]);
    const kept = await user.post("/api/tasks", { ...task, nextAfterMinutes: 5 });
    expect(kept.statusCode, kept.body).toBe(201);
    // Changed later to a step between rounds: refused too, and nothing changes.
    const patched = await user.patch(`/api/tasks/${kept.json().id}`, { everyoneAfterMinutes: 62 });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().issues).toEqual([
      {
        path: "everyoneAfterMinutes",
        message: "Reminders go out every 5 min: everyone can be told after 60 or 65 min, not 62",
      },
    ]);
    const tasks = (await user.get("/api/tasks")).json() as { id: string; escalation: object }[];
    expect(tasks.find((one) => one.id === `family:${kept.json().id}`)?.escalation).toEqual({
      repeatMinutes: 5,
      nextAfterMinutes: 5,
      everyoneAfterMinutes: 60,
    });
  });

  it("takes an urgent family task's steps as they are: it tells everyone at once", async () => {
    const user = await signUp(t.app);
    const urgent = await user.post("/api/tasks", { ...task, urgent: true });
    expect(urgent.statusCode, urgent.body).toBe(201);
  });

  it("refuses a kind's steps between its rounds in the family's settings, not the urgent kinds' unused ones", async () => {
    const owner = await signUp(t.app);
    const refused = await owner.patch("/api/family/task-settings", {
      escalation: { dose: { repeatMinutes: 10, nextAfterMinutes: 30, everyoneAfterMinutes: 45 } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      {
        path: "escalation.dose.everyoneAfterMinutes",
        message: "Reminders go out every 10 min: everyone can be told after 40 or 50 min, not 45",
      },
    ]);
    const fever = await owner.patch("/api/family/task-settings", {
      escalation: { fever: { repeatMinutes: 20, nextAfterMinutes: 30, everyoneAfterMinutes: 60 } },
    });
    expect(fever.statusCode, fever.body).toBe(200);
  });
});
