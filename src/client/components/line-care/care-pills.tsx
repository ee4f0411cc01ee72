import { CircleAlert, CircleCheck, CircleDashed, Clock, type LucideIcon } from "lucide-react";
import { formatDateTime } from "@/client/lib/format";
import type { CareStatusItem } from "@/client/lib/line-care-api";
import { type CarePill, carePill, intervalText, type PillTone } from "@/client/lib/line-care-pills";
import { useMinuteClock } from "@/client/lib/use-minute-clock";
import { cn } from "@/client/lib/utils";
import { familyClock } from "@/domain/clock";

const TONES: Record<PillTone, { icon: LucideIcon; className: string }> = {
  ok: { icon: CircleCheck, className: "border-green-300 bg-green-50 text-green-900" },
  due: { icon: Clock, className: "border-amber-400 bg-amber-50 text-amber-950" },
  overdue: { icon: CircleAlert, className: "border-red-400 bg-red-50 text-red-900" },
  none: { icon: CircleDashed, className: "border-border bg-muted text-foreground" },
};

/**
 * The four scheduled cares of a line (dressing, connector, tubing, lock) as pills: green, amber
 * or red with an icon and the words ("Tubing: overdue by 5 hours"), never colour alone. With
 * `details`, each also says when it was last done and its interval.
 */
export function CarePills({
  statuses,
  details = false,
  label,
  className,
}: {
  statuses: readonly CareStatusItem[];
  details?: boolean;
  /** The list's name for screen readers: "Line care of Sofia's line". */
  label: string;
  className?: string;
}) {
  const now = useMinuteClock();
  const { timeZone } = familyClock();
  return (
    <ul aria-label={label} className={cn("grid gap-2 sm:grid-cols-2", className)}>
      {statuses.map((status) => {
        const pill = carePill(status, now, timeZone);
        return <Pill key={status.kind} pill={pill} status={status} details={details} timeZone={timeZone} />;
      })}
    </ul>
  );
}

function Pill({
  pill,
  status,
  details,
  timeZone,
}: {
  pill: CarePill;
  status: CareStatusItem;
  details: boolean;
  timeZone: string;
}) {
  const { icon: Icon, className } = TONES[pill.tone];
  return (
    <li
      className={cn("flex min-w-0 items-start gap-2 rounded-lg border px-3 py-2 text-sm", className)}
      data-tone={pill.tone}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">
        <span className="font-semibold">{pill.label}:</span> {pill.text}
        {details ? (
          <span className="block text-xs">
            {status.lastAt ? `Last ${formatDateTime(status.lastAt, timeZone)} · ` : ""}
            {intervalText(status.intervalHours)}
          </span>
        ) : null}
      </span>
    </li>
  );
}
