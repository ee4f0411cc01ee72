import { formatStamp } from "../../../domain/clock";
import type { ExportContext } from "./export-model";

/** The longest child's name a message quotes; a longer one is cut with an ellipsis. */
const QUOTED_MAX = 100;

/**
 * A name as a message quotes it: on one line (no line breaks, control or direction-changing
 * characters), at most `QUOTED_MAX` characters, in double quotes.
 */
export function quotedName(name: string): string {
  const line = name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, " ").trim();
  const short =
    Array.from(line).length > QUOTED_MAX
      ? `${Array.from(line)
          .slice(0, QUOTED_MAX - 1)
          .join("")}…`
      : line;
  return `"${short}"`;
}

/**
 * The text of an emailed export. It starts with our own words; what the family typed (a child's
 * name) is quoted on a line of its own under a label, so that whatever the name says, it reads as
 * a name and not as the message.
 */
export async function exportMailText(context: ExportContext, label: string): Promise<string> {
  const { childId, from, to } = context.scope;
  const child = childId ? (await context.childNames()).get(childId) : undefined;
  const dates = from && to ? `${from} to ${to}` : from ? `from ${from}` : to ? `until ${to}` : "all";
  return [
    "Hello,",
    "",
    `Here is the export you asked for in Medical Care Tracker, attached as ${label}.`,
    "",
    `Exported on: ${formatStamp(context.exportedAt, context.timeZone, context.timeFormat)}`,
    child === undefined ? "Children: all" : `Child: ${quotedName(child)}`,
    `Dates: ${dates}`,
    "",
    "This message holds private medical information: forward it only to people who care for your child.",
  ].join("\n");
}
