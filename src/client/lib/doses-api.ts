import { createResourceApi } from "@/client/lib/resource-api";
import type { Dose, TooSoon } from "@/domain/dose-records";
import type { DoseStatus } from "@/domain/doses";

/*
 * Doses given or skipped, read by Medications (each card's last dose and history) and by the
 * dashboard (its doses card and Log now's "Medication given"). A dose changes its medication's
 * last dose, next due time and missed doses: every change reloads the medications too.
 */

export type { Dose, DoseStatus, TooSoon };

/** The body of a dose sent: the medication's id, when (ISO, with its offset) and what was given. */
export interface DoseBody {
  medicationId: string;
  givenAt: string;
  status: DoseStatus;
  amount: string | null;
  reason: string | null;
  notes: string | null;
  /** Give it anyway: sent once the person has seen the dose given shortly before. */
  confirm?: boolean;
}

export type DoseParams = { medicationId?: string; status?: DoseStatus; childId?: string; limit?: string };

/** Doses, newest first, in pages; a change sends the whole dose (PUT). */
export const dosesApi = createResourceApi<Dose, DoseBody, DoseParams>(
  "/api/medication-doses",
  "medication-doses",
  {
    paged: true,
    updateMethod: "PUT",
  },
);

export { tooSoonOf } from "./too-soon";
