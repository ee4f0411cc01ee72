import { TriangleAlert } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function MedicalAllergiesPage() {
  return (
    <>
      <PageHeader
        title="Medical Allergies"
        subtitle="Allergens, the reactions they cause, their severity and treatment."
      />
      <EmptyState icon={TriangleAlert} title="No medical allergies recorded" />
    </>
  );
}
