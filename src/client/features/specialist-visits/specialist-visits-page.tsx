import { Stethoscope } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function SpecialistVisitsPage() {
  return (
    <>
      <PageHeader
        title="Specialist Visits"
        subtitle="Appointments with specialists, their purpose, notes and follow-ups."
      />
      <EmptyState icon={Stethoscope} title="No specialist visits yet" />
    </>
  );
}
