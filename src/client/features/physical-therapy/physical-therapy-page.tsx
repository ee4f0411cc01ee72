import { Dumbbell } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function PhysicalTherapyPage() {
  return (
    <>
      <PageHeader title="Physical Therapy" subtitle="Therapy sessions, exercises and progress." />
      <EmptyState icon={Dumbbell} title="No therapy sessions yet" />
    </>
  );
}
