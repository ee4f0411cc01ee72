import { StickyNote } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function NotesPage() {
  return (
    <>
      <PageHeader title="Notes" subtitle="Keep track of important medical information and reminders." />
      <EmptyState icon={StickyNote} title="No notes yet" />
    </>
  );
}
