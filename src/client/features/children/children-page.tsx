import { Baby } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function ChildrenPage() {
  return (
    <>
      <PageHeader
        title="Children Profiles"
        subtitle="Manage detailed profiles for each child including demographics, medical information, and care notes."
      />
      <EmptyState icon={Baby} title="No children added yet" />
    </>
  );
}
