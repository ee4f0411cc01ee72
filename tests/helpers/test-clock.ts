/**
 * A clock a test moves forward instead of sleeping: it stands still at the moment it was made and
 * moves only when the test advances it, so what the app sees of time does not depend on how fast
 * the machine runs the test.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock `ms` milliseconds on. */
  advance(ms: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
  };
}
