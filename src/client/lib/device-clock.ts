/** A device clock this far from the server's is shown: a form's "now" would date entries wrongly. */
export const CLOCK_OFF_MS = 5 * 60_000;

/** Whether this device's clock (`offsetMs` from the server's, positive ahead) is worth a word. */
export const clockIsOff = (offsetMs: number) => Math.abs(offsetMs) > CLOCK_OFF_MS;

/** "This phone's clock is 7 minutes behind", in minutes, hours or days as the gap asks. */
export function clockOffText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const [count, unit] =
    minutes < 120
      ? [minutes, "minute"]
      : minutes < 48 * 60
        ? [Math.round(minutes / 60), "hour"]
        : [Math.round(minutes / 1440), "day"];
  return `This phone's clock is ${count} ${unit}${count === 1 ? "" : "s"} ${offsetMs > 0 ? "ahead" : "behind"}`;
}
