import { Syringe } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function PiccLinesPage() {
  return (
    <>
      <PageHeader title="PICC Line Tracking" subtitle="PICC line history and infections for each child." />
      <EmptyState icon={Syringe} title="Please select a child to view PICC line tracking" />
    </>
  );
}
