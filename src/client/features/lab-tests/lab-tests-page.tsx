import { FlaskConical } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function LabTestsPage() {
  return (
    <>
      <PageHeader title="Lab Tests" subtitle="Lab tests, their results, normal ranges and status." />
      <EmptyState icon={FlaskConical} title="No lab tests yet" />
    </>
  );
}
