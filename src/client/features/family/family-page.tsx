import { PageHeader } from "@/client/components/ui/page-header";

/** The family in use: its members, invitations and settings. */
export function FamilyPage() {
  return <PageHeader title="Family & Sharing" subtitle="Who looks after the children with you." />;
}
