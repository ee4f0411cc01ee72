/** The months as the readable formats write them. */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2026-07-05' -> 'Jul 5, 2026'. */
export function longDate(value: string): string {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}
