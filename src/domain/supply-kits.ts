import { z } from "zod";
import { oneOf, requiredId } from "./fields";
import { recordBase, type Wire } from "./records";

/**
 * A kit: what one occasion uses of the family's supplies (research notes 1.7: one night's PN is a
 * bag with its tubing set, filter, connectors and flushes; a dressing change its dressing, caps and
 * swabs). Logging the occasion (a TPN entry for tonight's bag, a line-care event of the dressing
 * kind) draws its kit from stock in the same transaction; deleting the entry gives it back.
 */
export const KIT_OCCASIONS = ["pn-bag", "dressing"] as const;
export type KitOccasion = (typeof KIT_OCCASIONS)[number];

export const KIT_OCCASION_LABELS: Record<KitOccasion, string> = {
  "pn-bag": "Each PN bag",
  dressing: "Each dressing change",
};

/** What a kit's draw is written with: "drawn by tonight's bag". */
export const KIT_DRAWN_BY: Record<KitOccasion, string> = {
  "pn-bag": "a PN bag",
  dressing: "a dressing change",
};

/** A kit line's quantity: a whole number from 1 to this (more would be a typing slip). */
export const MAX_KIT_QUANTITY = 1000;

export const kitLineInput = z.object({
  occasion: oneOf("Occasion", KIT_OCCASIONS),
  supplyId: requiredId("Supply"),
  quantity: z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const n = typeof v === "number" ? v : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_KIT_QUANTITY) {
      ctx.addIssue({
        code: "custom",
        message: `Quantity must be a whole number from 1 to ${MAX_KIT_QUANTITY}`,
      });
      return z.NEVER;
    }
    return n;
  }),
});
export type KitLineInput = z.input<typeof kitLineInput>;

export const kitLineRecord = z.object({
  ...recordBase,
  occasion: z.enum(KIT_OCCASIONS),
  supplyId: z.uuid(),
  quantity: z.number().int(),
});
export type KitLine = Wire<typeof kitLineRecord>;

/** One supply a logged bag or dressing drew: `short` of `quantity` was not in stock. */
export const kitDrawLine = z.object({
  supplyId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  short: z.number().int(),
});
export type KitDrawLine = z.infer<typeof kitDrawLine>;

/** What an entry answers of its kit: each supply it drew (empty when no kit is set). */
export const kitDrawField = { suppliesDrawn: z.array(kitDrawLine) };

/** "Drew 1 tubing set, 1 filter, 2 caps": null when nothing was drawn. */
export function drawSentence(lines: readonly KitDrawLine[]): string | null {
  if (lines.length === 0) return null;
  return `Drew ${lines.map((line) => `${line.quantity} ${line.name}`).join(", ")}`;
}

/** "Short: 1 cap (no stock left)": the supplies the stock did not hold, null when none. */
export function shortSentence(lines: readonly KitDrawLine[]): string | null {
  const short = lines.filter((line) => line.short > 0);
  if (short.length === 0) return null;
  return `Not enough in stock: ${short
    .map((line) => `${line.name} (${line.short} ${line.unit} short)`)
    .join(", ")}. Count the stock or order more.`;
}

/**
 * What a freshly logged bag or dressing change tells the family of its kit: "Drew 1 tubing set,
 * 1 filter, 2 caps.", after the supplies that were short. Nothing for an edit (it drew nothing more).
 */
export function kitDrawNote(record: { version: number; suppliesDrawn?: readonly KitDrawLine[] }) {
  if (record.version !== 1 || !record.suppliesDrawn) return undefined;
  const drew = drawSentence(record.suppliesDrawn);
  if (!drew) return undefined;
  // A toast shows two lines: what was short comes first, so it is never the part cut off.
  const short = record.suppliesDrawn
    .filter((line) => line.short > 0)
    .map((line) => `${line.name} (${line.short} ${line.unit})`);
  return short.length ? `Short in stock: ${short.join(", ")}. ${drew}.` : `${drew}.`;
}
