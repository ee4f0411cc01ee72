import { TriangleAlert } from "lucide-react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge, type BadgeProps } from "@/client/components/ui/badge";
import { formatListDate } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { ALLERGY_SEVERITY_LABELS, type AllergySeverity } from "@/domain/allergies";
import type { MedicalAllergy } from "../api";

const SEVERITY_BADGES: Record<AllergySeverity, { variant: BadgeProps["variant"]; className?: string }> = {
  mild: { variant: "success" },
  moderate: { variant: "warning" },
  severe: { variant: "outline", className: "border-transparent bg-orange-100 text-orange-900" },
  "life-threatening": { variant: "destructive" },
};

function isSeverity(value: string): value is AllergySeverity {
  return value in SEVERITY_BADGES;
}

export function MedicalAllergyCard({
  allergy,
  onEdit,
  onDelete,
}: {
  allergy: MedicalAllergy;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const severity = isSeverity(allergy.severity) ? allergy.severity : null;
  const lifeThreatening = severity === "life-threatening";
  const badge = severity ? SEVERITY_BADGES[severity] : null;
  return (
    <RecordCard
      title={allergy.allergen}
      className={cn(lifeThreatening && "border-red-300 border-l-4 border-l-red-600")}
      badges={
        <>
          {severity && badge ? (
            <Badge variant={badge.variant} className={badge.className}>
              {lifeThreatening ? <TriangleAlert aria-hidden="true" className="size-3.5" /> : null}
              <span className="sr-only">Severity: </span>
              {ALLERGY_SEVERITY_LABELS[severity]}
            </Badge>
          ) : (
            <Badge variant="secondary">{allergy.severity}</Badge>
          )}
          {allergy.childId ? <LinkedChild childId={allergy.childId} /> : null}
        </>
      }
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail label="Reaction">
        <span className="whitespace-pre-line">{allergy.reaction}</span>
      </RecordDetail>
      <RecordDetail label="Discovered">{formatListDate(allergy.dateDiscovered)}</RecordDetail>
      <RecordDetail label="Treatment">
        {allergy.treatment ? <span className="whitespace-pre-line">{allergy.treatment}</span> : null}
      </RecordDetail>
      <RecordDetail label="Notes">
        {allergy.notes ? <span className="whitespace-pre-line">{allergy.notes}</span> : null}
      </RecordDetail>
    </RecordCard>
  );
}
