/** The card's three summary tiles: the weekly counts are sums over every center. */
export function infusionCenterTotals(
  centers: readonly { bloodDrawsPerWeek: number; bandageChangesPerWeek: number }[],
) {
  return {
    centers: centers.length,
    bloodDrawsPerWeek: centers.reduce((sum, c) => sum + c.bloodDrawsPerWeek, 0),
    bandageChangesPerWeek: centers.reduce((sum, c) => sum + c.bandageChangesPerWeek, 0),
  };
}
