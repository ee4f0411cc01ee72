import { Grid3x3 } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function SymptomHeatmapsPage() {
  return (
    <>
      <PageHeader
        title="Symptom Heatmaps"
        subtitle="How often and how strongly each symptom appeared over the last 30 days."
      />
      <EmptyState icon={Grid3x3} title="No symptom data" />
    </>
  );
}
