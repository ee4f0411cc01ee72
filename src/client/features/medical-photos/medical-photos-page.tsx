import { Camera } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function MedicalPhotosPage() {
  return (
    <>
      <PageHeader
        title="Medical Photos"
        subtitle="Photos of wounds, rashes and other conditions, to follow how they change."
      />
      <EmptyState icon={Camera} title="No medical photos yet" />
    </>
  );
}
