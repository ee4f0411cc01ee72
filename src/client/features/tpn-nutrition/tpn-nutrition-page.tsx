import { Droplets } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function TpnNutritionPage() {
  return (
    <>
      <PageHeader
        title="TPN Nutrition"
        subtitle="Daily TPN entries: calories, protein, carbohydrates, fat, volume and infusion time."
      />
      <EmptyState icon={Droplets} title="Select a child to track TPN nutrition" />
    </>
  );
}
