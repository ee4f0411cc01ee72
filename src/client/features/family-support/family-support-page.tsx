import { PageHeader } from "@/client/components/ui/page-header";

export function FamilySupportPage() {
  return (
    <PageHeader
      title="Family Support"
      subtitle="Support and resources for families caring for a medically complex child."
    />
  );
}
