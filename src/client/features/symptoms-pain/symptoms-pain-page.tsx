import { Activity } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function SymptomsPainPage() {
  return (
    <>
      <PageHeader
        title="Symptoms & Pain"
        subtitle="Daily symptoms, pain levels, triggers and the treatments that helped."
      />
      <EmptyState icon={Activity} title="No symptom entries yet" />
    </>
  );
}
