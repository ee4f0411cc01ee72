import { CircleAlert, Clock, CloudOff, History } from "lucide-react";
import type { ReactNode } from "react";
import { useDeviceOwner } from "@/client/lib/auth";
import { missedTexts, nextDueText } from "@/client/lib/dose-texts";
import { dosesApi } from "@/client/lib/doses-api";
import { familyTimeFormat } from "@/client/lib/family-clock";
import type { Medication } from "@/client/lib/medications-api";
import { useOutboxEntries } from "@/client/lib/pending-saves";
import { cn } from "@/client/lib/utils";
import { familyClock } from "@/domain/clock";
import { doseMomentText } from "@/domain/dose-moments";
import { DOSE_STATUS_LABELS, type DoseStatus } from "@/domain/doses";
import { lastDoseText } from "@/domain/pn-text";

/** The latest dose of a medication saved on this device and not sent yet: when, given or skipped. */
function useWaitingDose(medicationId: string): { givenAt: string; status: DoseStatus } | null {
  const owner = useDeviceOwner();
  const doses = useOutboxEntries()
    .filter((e) => e.owner === owner && e.op === "create" && e.path === dosesApi.basePath)
    .map((e) => e.body as { medicationId?: string; givenAt?: string; status?: DoseStatus } | null)
    .filter((body) => body?.medicationId === medicationId && body.givenAt && body.status);
  const last = doses.sort((a, b) => String(b?.givenAt).localeCompare(String(a?.givenAt)))[0];
  return last?.givenAt && last.status ? { givenAt: last.givenAt, status: last.status } : null;
}

/** A missed dose as the line-care pills say an overdue care; a dose due now as a care due. */
const MISSED = "border-red-400 bg-red-50 text-red-900";
const DUE = "border-amber-400 bg-amber-50 text-amber-950";

/**
 * A medication's doses at a glance: its last dose (when, on the family's clock, by whom, how much),
 * when the next one is due and which scheduled doses were missed, in words and colour with an icon,
 * never colour alone. `now` moves each minute (`useMinuteClock`).
 */
export function DoseSummary({
  medication,
  now,
  showLast = true,
  children,
  className,
}: {
  medication: Pick<
    Medication,
    | "id"
    | "name"
    | "lastDose"
    | "nextDueAt"
    | "missedDoses"
    | "scheduleKind"
    | "scheduleTimes"
    | "intervalHours"
  >;
  now: Date;
  /** The dashboard's short row leaves the last dose out while a dose is due or missed. */
  showLast?: boolean;
  /** The buttons (Given, Skip), for a role that may record. */
  children?: ReactNode;
  className?: string;
}) {
  const { timeZone } = familyClock();
  const { lastDose } = medication;
  const due = nextDueText(medication, timeZone, now);
  const missed = missedTexts(medication.missedDoses, timeZone, now);
  // A dose logged on this phone without a connection: said here until the server has it, so it
  // is not given twice meanwhile (the next due time and missed doses are the server's).
  const waiting = useWaitingDose(medication.id);
  return (
    <div className={cn("flex flex-col gap-2 text-sm", className)}>
      {waiting ? (
        <p className="flex min-w-0 items-start gap-2 font-medium text-amber-900">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            {`${DOSE_STATUS_LABELS[waiting.status]} ${doseMomentText(waiting.givenAt, timeZone, now, familyTimeFormat())}, saved on this phone: waiting to send`}
          </span>
        </p>
      ) : null}
      {showLast ? (
        <p className="flex min-w-0 items-start gap-2">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 break-words">
            <span className="font-medium">Last dose: </span>
            {lastDose ? (
              <>
                {lastDoseText(lastDose, timeZone, now, familyTimeFormat())}
                {lastDose.amount ? <span className="text-muted-foreground"> · {lastDose.amount}</span> : null}
              </>
            ) : (
              <span className="text-muted-foreground">none recorded yet</span>
            )}
          </span>
        </p>
      ) : null}
      {missed.length || due ? (
        <ul aria-label={`Doses due of ${medication.name}`} className="flex flex-col gap-1.5">
          {missed.map((text) => (
            <li
              key={text}
              data-tone="missed"
              className={cn(
                "flex items-start gap-2 rounded-lg border px-3 py-1.5 font-medium sm:w-fit",
                MISSED,
              )}
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {text}
            </li>
          ))}
          {due ? (
            <li
              data-tone={due.due ? "due" : "upcoming"}
              className={cn(
                "flex items-start gap-2 rounded-lg border px-3 py-1.5 sm:w-fit",
                due.due ? cn(DUE, "font-medium") : "border-border bg-muted",
              )}
            >
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {due.text}
            </li>
          ) : null}
        </ul>
      ) : null}
      {children ? <div className="flex flex-wrap gap-2 pt-1">{children}</div> : null}
    </div>
  );
}
