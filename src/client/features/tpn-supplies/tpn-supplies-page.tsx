import { Package } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function TpnSuppliesPage() {
  return (
    <>
      <PageHeader title="TPN Supplies" subtitle="Supply stock, reorder thresholds and usage." />
      <EmptyState icon={Package} title="No supplies found" />
    </>
  );
}
