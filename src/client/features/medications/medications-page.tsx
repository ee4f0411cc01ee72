import { Pill } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function MedicationsPage() {
  return (
    <>
      <PageHeader title="Medications" subtitle="Current and past medications, dosages and instructions." />
      <EmptyState icon={Pill} title="No medications yet" />
    </>
  );
}
