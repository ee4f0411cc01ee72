import { describe, expect, it } from "vitest";
import { ladderIssues, ladderWords, tellingOrder, toldAfter } from "./escalation";
import { careTaskInput, taskSettingsInput } from "./task-records";

/**
 * The ladder's steps as the reminders really send them: a round every `repeatMinutes` from the due
 * time, and only then (src/server/modules/tasks/reminders/engine.ts wakes at `nextWake`, the next round;
 * the scheduler runs a due job within its 5-second poll, lib/scheduler.ts `POLL_MS`).
 */
describe("the ladder's steps against its rounds", () => {
  it("tells a step at the first round at or after it", () => {
    expect(toldAfter(2, 5)).toBe(5);
    expect(toldAfter(30, 15)).toBe(30);
    expect(toldAfter(0, 15)).toBe(0);
    expect(toldAfter(45, 10)).toBe(50);
  });

  it("refuses a step between two rounds, naming the two it could be, and steps out of order", () => {
    expect(ladderIssues({ repeatMinutes: 5, nextAfterMinutes: 2, everyoneAfterMinutes: 60 })).toEqual([
      {
        path: "nextAfterMinutes",
        message: "Reminders go out every 5 min: the next caregiver can be told after 0 or 5 min, not 2",
      },
    ]);
    expect(ladderIssues({ repeatMinutes: 15, nextAfterMinutes: 30, everyoneAfterMinutes: 50 })).toEqual([
      {
        path: "everyoneAfterMinutes",
        message: "Reminders go out every 15 min: everyone can be told after 45 or 60 min, not 50",
      },
    ]);
    expect(ladderIssues({ repeatMinutes: 15, nextAfterMinutes: 60, everyoneAfterMinutes: 30 })).toEqual([
      {
        path: "everyoneAfterMinutes",
        message: "Everyone is told at the same time as the next caregiver or later",
      },
    ]);
    expect(ladderIssues({ repeatMinutes: 15, nextAfterMinutes: 30, everyoneAfterMinutes: 60 })).toEqual([]);
    expect(ladderIssues({ repeatMinutes: 1440, nextAfterMinutes: 1440, everyoneAfterMinutes: 4320 })).toEqual(
      [],
    );
    // An urgent task tells everyone at once: its later steps are never used.
    expect(ladderIssues({ repeatMinutes: 5, nextAfterMinutes: 2, everyoneAfterMinutes: 1 }, true)).toEqual(
      [],
    );
  });

  it("checks a family task's steps and a kind's steps with the same schema the server uses", () => {
    const task = careTaskInput.safeParse({
      title: "Vent the G-tube",
      intervalHours: 8,
      repeatMinutes: 5,
      nextAfterMinutes: 2,
      everyoneAfterMinutes: 60,
    });
    expect(task.success).toBe(false);
    expect(task.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [
        "nextAfterMinutes",
        "Reminders go out every 5 min: the next caregiver can be told after 0 or 5 min, not 2",
      ],
    ]);
    const urgent = careTaskInput.safeParse({
      title: "Check the pump",
      intervalHours: 8,
      urgent: true,
      repeatMinutes: 5,
      nextAfterMinutes: 2,
      everyoneAfterMinutes: 60,
    });
    expect(urgent.success).toBe(true);
    const kind = taskSettingsInput.safeParse({
      escalation: { dose: { repeatMinutes: 10, nextAfterMinutes: 30, everyoneAfterMinutes: 45 } },
    });
    expect(kind.error?.issues.map((i) => i.path.join("."))).toEqual(["escalation.dose.everyoneAfterMinutes"]);
    // The urgent kinds (fever, PN not started) tell everyone at once: only their repeat matters.
    const fever = taskSettingsInput.safeParse({
      escalation: { fever: { repeatMinutes: 20, nextAfterMinutes: 30, everyoneAfterMinutes: 60 } },
    });
    expect(fever.success).toBe(true);
  });
});

describe("the ladder in words", () => {
  const policy = { repeatMinutes: 15, nextAfterMinutes: 30, everyoneAfterMinutes: 60 };

  it("says when each person is told, at the task's time of day", () => {
    expect(ladderWords(policy, { dueTime: "23:00", first: "Maria", next: "Rosa" })).toBe(
      "At 23:00 Maria; 23:15 again; 23:30 Rosa too; 00:00 everyone; then every 15 min until it is done. Quiet hours hold them back.",
    );
  });

  it("says it from the due time when the time of day changes, and names nobody it does not know", () => {
    expect(ladderWords(policy, {})).toBe(
      "At the due time, the first caregiver; after 15 min, again; after 30 min, the next caregiver too; after 1 h, everyone; then every 15 min until it is done. Quiet hours hold them back.",
    );
  });

  it("says what really happens when a step falls between rounds", () => {
    expect(
      ladderWords(
        { repeatMinutes: 5, nextAfterMinutes: 2, everyoneAfterMinutes: 60 },
        { dueTime: "23:00", first: "Maria", next: "Rosa" },
      ),
    ).toBe(
      "At 23:00 Maria; 23:05 Rosa too; 00:00 everyone; then every 5 min until it is done. Quiet hours hold them back.",
    );
  });

  it("says an urgent task reaches everyone at once, through quiet hours, and a day's task by the day", () => {
    expect(ladderWords(policy, { urgent: true, dueTime: "21:30", first: "Maria" })).toBe(
      "At 21:30 everyone at once, even in their quiet hours; then every 15 min until it is done.",
    );
    expect(
      ladderWords(
        { repeatMinutes: 1440, nextAfterMinutes: 1440, everyoneAfterMinutes: 4320 },
        { dueTime: "09:00", first: "Maria", next: "Rosa" },
      ),
    ).toBe(
      "At 09:00 Maria; 09:00 a day later Rosa too; 09:00 3 days later everyone; then every day until it is done. Quiet hours hold them back.",
    );
  });

  it("says a lone caregiver hears every reminder", () => {
    expect(ladderWords(policy, { dueTime: "23:00", first: "Maria", caregivers: 1 })).toBe(
      "At 23:00 Maria; then every 15 min until it is done. Quiet hours hold them back.",
    );
  });

  it("puts the one assigned first, else the one on duty, then the family's order", () => {
    expect(tellingOrder(["ann", "ben", "cleo"], "cleo", "ben")).toEqual(["cleo", "ann", "ben"]);
    expect(tellingOrder(["ann", "ben", "cleo"], null, "ben")).toEqual(["ben", "ann", "cleo"]);
    expect(tellingOrder(["ann", "ben", "cleo"], "gone", null)).toEqual(["ann", "ben", "cleo"]);
  });
});
