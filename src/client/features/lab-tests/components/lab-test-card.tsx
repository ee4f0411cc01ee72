import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge, type BadgeProps } from "@/client/components/ui/badge";
import { formatListDate } from "@/client/lib/format";
import { LAB_STATUS_LABELS, type LabStatus } from "@/domain/labs";
import type { LabTest } from "../api";

const STATUS_VARIANTS: Record<LabStatus, BadgeProps["variant"]> = {
  pending: "warning",
  completed: "info",
  reviewed: "success",
};

export function LabTestCard({
  test,
  onEdit,
  onDelete,
}: {
  test: LabTest;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <RecordCard
      title={test.testName}
      subtitle={formatListDate(test.date)}
      badges={
        <>
          <Badge variant={STATUS_VARIANTS[test.status]}>
            <span className="sr-only">Status: </span>
            {LAB_STATUS_LABELS[test.status]}
          </Badge>
          {test.childId ? <LinkedChild childId={test.childId} /> : null}
        </>
      }
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail label="Ordered by">{test.orderedBy}</RecordDetail>
      {test.results ? (
        <div className="rounded-md bg-muted px-3 py-2">
          <p className="font-semibold text-muted-foreground text-xs uppercase tracking-wide">Results</p>
          <p className="mt-0.5 whitespace-pre-line break-words">{test.results}</p>
        </div>
      ) : null}
      <RecordDetail label="Normal range">{test.normalRange}</RecordDetail>
      <RecordDetail label="Notes">
        {test.notes ? <span className="whitespace-pre-line">{test.notes}</span> : null}
      </RecordDetail>
    </RecordCard>
  );
}
