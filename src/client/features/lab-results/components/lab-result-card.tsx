import { useQuery } from "@tanstack/react-query";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge, type BadgeProps } from "@/client/components/ui/badge";
import { formatListDate, formatTime } from "@/client/lib/format";
import {
  analyteLabel,
  DRAW_SITE_LABELS,
  FASTING_LABELS,
  isAbnormal,
  LAB_FLAG_LABELS,
  type LabFlag,
  PN_TIMING_LABELS,
  rangeText,
  trendKey,
} from "@/domain/lab-results";
import { type LabResult, labTestsListApi } from "../api";

const FLAG_VARIANTS: Record<LabFlag, BadgeProps["variant"]> = {
  low: "warning",
  normal: "success",
  high: "warning",
  critical: "destructive",
};

/** "Nov 10, 2026 at 7:30 AM": when the blood was drawn. */
export const drawnWhen = (result: Pick<LabResult, "date" | "time">) =>
  result.time ? `${formatListDate(result.date)} at ${formatTime(result.time)}` : formatListDate(result.date);

/**
 * One lab result: when and how it was drawn, its lab test, and each analyte with its value, unit,
 * the lab's range and a flag badge (the flag in words, not by colour alone).
 */
export function LabResultCard({
  result,
  onEdit,
  onDelete,
}: {
  result: LabResult;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const tests = useQuery(labTestsListApi.listOptions()).data;
  const test = result.labTestId ? tests?.find((t) => t.id === result.labTestId) : undefined;
  const abnormal = result.analytes.filter(isAbnormal).length;
  const context = [
    result.drawSite && DRAW_SITE_LABELS[result.drawSite],
    result.pnTiming && PN_TIMING_LABELS[result.pnTiming],
    result.fasting && FASTING_LABELS[result.fasting],
  ].filter(Boolean);
  const when = drawnWhen(result);
  return (
    <RecordCard
      title={test ? test.testName : "Lab result"}
      subtitle={[when, result.labName].filter(Boolean).join(" · ")}
      actionLabel={`lab result of ${when}`}
      badges={
        <>
          {abnormal > 0 ? <Badge variant="warning">{abnormal} out of range</Badge> : null}
          <LinkedChild childId={result.childId} />
        </>
      }
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <ul
        aria-label="Analytes"
        className="flex flex-col divide-y divide-border rounded-md border border-border"
      >
        {result.analytes.map((a, index) => {
          const range = rangeText(a);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a result's analytes are its own fixed list; their place names them.
              key={`${index}:${trendKey(a)}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-2"
            >
              <span className="min-w-0 break-words font-medium">{analyteLabel(a)}</span>
              <span className="flex flex-wrap items-baseline gap-2">
                <span className="font-semibold tabular-nums">
                  {a.value} {a.unit}
                </span>
                {range ? <span className="text-muted-foreground text-xs">ref {range}</span> : null}
                {a.flag ? <Badge variant={FLAG_VARIANTS[a.flag]}>{LAB_FLAG_LABELS[a.flag]}</Badge> : null}
              </span>
            </li>
          );
        })}
      </ul>
      <RecordDetail label="Drawn">{context.join(", ")}</RecordDetail>
      <RecordDetail label="Notes">
        {result.notes ? <span className="whitespace-pre-line">{result.notes}</span> : null}
      </RecordDetail>
    </RecordCard>
  );
}
