import { expect } from "vitest";
import type { TestUser } from "./test-app";

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Records six entries of a type that has a date and an optional time, in an order no other rule
 * would list them in, and expects its list newest first: by date, then by time of day (entries
 * without a time after the timed ones of their day), then the later recorded first. `body` makes
 * a valid create body for a date and a time (null: none).
 */
export async function expectListedByDateThenTime(
  user: TestUser,
  path: string,
  body: (date: string, time: string | null) => Record<string, unknown>,
) {
  const recorded: Record<string, string> = {};
  for (const [name, date, time] of [
    ["earlier day, no time", "2025-03-01", null],
    ["08:00", "2025-03-02", "08:00"],
    ["no time, recorded first", "2025-03-02", null],
    ["21:30", "2025-03-02", "21:30"],
    ["no time, recorded last", "2025-03-02", null],
    ["09:15", "2025-03-02", "09:15"],
  ] as const) {
    // Apart in time, so "recorded later" is never a tie of the clock.
    await pause();
    const response = await user.post(path, body(date, time));
    expect(response.statusCode, response.body).toBe(201);
    recorded[response.json().id] = name;
  }
  const listed = (await user.get(path)).json() as { id: string }[];
  expect(listed.map((entry) => recorded[entry.id])).toEqual([
    "21:30",
    "09:15",
    "08:00",
    "no time, recorded last",
    "no time, recorded first",
    "earlier day, no time",
  ]);
}
