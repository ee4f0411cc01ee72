import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge, type BadgeProps } from "@/client/components/ui/badge";
import { formatListDate, formatTime } from "@/client/lib/format";
import { painLabel, SYMPTOM_SEVERITIES, SYMPTOM_SEVERITY_LABELS } from "@/domain/symptoms";
import type { SymptomEntry } from "../api";

type Severity = (typeof SYMPTOM_SEVERITIES)[number];

const SEVERITY_VARIANTS: Record<Severity, BadgeProps["variant"]> = {
  mild: "success",
  moderate: "warning",
  severe: "destructive",
};

/** Green for no pain, through yellow and orange, to red from 'Severe' (7) up. */
function painColor(level: number): string {
  if (level <= 1) return "bg-green-500";
  // The palette's dark tints turn over in the dark theme (theme-dark.css); these colours must not.
  if (level <= 3) return "bg-yellow-400 dark:bg-[#facc15]";
  if (level <= 6) return "bg-orange-500";
  if (level <= 8) return "bg-red-500";
  return "bg-red-700 dark:bg-[#b91c1c]";
}

/** 'Pain 7/10 · Severe' over a bar filled to the level. */
function PainMeter({ level }: { level: number }) {
  return (
    <div className="flex flex-col gap-1.5">
      <p>
        <span className="font-medium text-muted-foreground">Pain level: </span>
        <span className="font-semibold">{level}/10</span> · {painLabel(level)}
      </p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div className={`h-full rounded-full ${painColor(level)}`} style={{ width: `${level * 10}%` }} />
      </div>
    </div>
  );
}

function isSeverity(value: string | null): value is Severity {
  return (SYMPTOM_SEVERITIES as readonly (string | null)[]).includes(value);
}

export function SymptomEntryCard({
  entry,
  onEdit,
  onDelete,
}: {
  entry: SymptomEntry;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const severity = isSeverity(entry.severity) ? entry.severity : null;
  return (
    <RecordCard
      title={formatListDate(entry.date)}
      subtitle={entry.time ? `at ${formatTime(entry.time)}` : undefined}
      badges={
        severity || entry.childId ? (
          <>
            {severity ? (
              <Badge variant={SEVERITY_VARIANTS[severity]}>
                <span className="sr-only">Severity: </span>
                {SYMPTOM_SEVERITY_LABELS[severity]}
              </Badge>
            ) : null}
            {entry.childId ? <LinkedChild childId={entry.childId} /> : null}
          </>
        ) : null
      }
      onEdit={onEdit}
      onDelete={onDelete}
    >
      {entry.painLevel !== null ? <PainMeter level={entry.painLevel} /> : null}
      {entry.symptoms.length ? (
        <ul aria-label="Symptoms" className="flex flex-wrap gap-1.5">
          {entry.symptoms.map((symptom, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same symptom may be typed twice.
            <li key={`${symptom}-${i}`} className="min-w-0 max-w-full">
              <Badge variant="secondary" className="max-w-full whitespace-normal break-words text-sm">
                {symptom}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <RecordDetail label="Triggers">{entry.triggers}</RecordDetail>
      <RecordDetail label="Treatments">{entry.treatments}</RecordDetail>
      <RecordDetail label="Notes">
        {entry.notes ? <span className="whitespace-pre-line">{entry.notes}</span> : null}
      </RecordDetail>
    </RecordCard>
  );
}
