import { and, eq, inArray } from "drizzle-orm";
import { everyText, panelAnalyteLabel, panelDueAt } from "../../../../domain/lab-panels";
import { dayTaskAt, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { labPanels } from "../../../db/schema/index";
import { conflict } from "../../../lib/errors";
import { withPanelSchedule } from "../../lab-results/lab-results.queries";
import type { Context, Part, TaskSource } from "./source";

const kind = TASK_KIND_TABLE["lab-panel"];

/** The panels a task lists its analytes for in full; more are counted ("and 4 more"). */
const ANALYTES_SHOWN = 4;

/** "Sodium, Potassium, Chloride, Bicarbonate and 3 more". */
function analytesText(names: string[]): string {
  if (names.length <= ANALYTES_SHOWN) return names.join(", ");
  return `${names.slice(0, ANALYTES_SHOWN).join(", ")} and ${names.length - ANALYTES_SHOWN} more`;
}

/** The active panels of the children the view sees (the lab schedule, on Lab Results). */
export async function activePanels(c: Pick<Context, "db" | "view" | "childIds">) {
  if (c.childIds.length === 0) return [];
  return c.db
    .select()
    .from(labPanels)
    .where(
      and(
        eq(labPanels.familyId, c.view.familyId),
        inArray(labPanels.childId, c.childIds),
        eq(labPanels.active, true),
      ),
    );
}

/**
 * One task per active panel of a child's lab schedule: due at 09:00 on its next due date on the
 * family's clock (src/domain/lab-panels.ts: the date after the one the latest result holding all
 * its analytes answered, months clamped to their last day). Done is entering that result: the
 * task's button opens the Lab Results form with the panel's analytes, and the result moves it on.
 */
async function derive(c: Context): Promise<Part[]> {
  const panels = await withPanelSchedule(c.db, c.view.familyId, await activePanels(c));
  return panels.map(
    (panel): Part => ({
      id: `lab-panel:${panel.id}`,
      kind: "lab-panel",
      childId: panel.childId,
      subjectId: panel.id,
      title: kind.title({ name: panel.name }),
      detail: kind.detail({
        every: everyText(panel),
        analytes: analytesText(panel.analytes.map(panelAnalyteLabel)),
        instructions: panel.instructions,
      }),
      dueAt: panelDueAt(panel.nextDue, c.timeZone),
      lastDone: panel.lastDrawn ? { at: dayTaskAt(panel.lastDrawn, c.timeZone), by: null, byId: null } : null,
    }),
  );
}

export const labPanelsSource: TaskSource = {
  derive,
  async done() {
    throw conflict("A panel is done by entering its results: add them on Lab Results.");
  },
};
