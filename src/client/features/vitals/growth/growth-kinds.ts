import type { GrowthKind } from "@/domain/growth";

/** The four growth charts, in the order a clinic reads them. No tables here. */
export const GROWTH_CHARTS: readonly { kind: GrowthKind; label: string; unit: string; noun: string }[] = [
  { kind: "weight", label: "Weight-for-age", unit: "kg", noun: "weights" },
  { kind: "height", label: "Length/height-for-age", unit: "cm", noun: "lengths or heights" },
  {
    kind: "head-circumference",
    label: "Head circumference-for-age",
    unit: "cm",
    noun: "head circumferences",
  },
  { kind: "bmi", label: "BMI-for-age", unit: "kg/m²", noun: "BMIs" },
];
