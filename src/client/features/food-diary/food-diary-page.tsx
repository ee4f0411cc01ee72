import { Utensils } from "lucide-react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";

export function FoodDiaryPage() {
  return (
    <>
      <PageHeader title="Food Diary" subtitle="Meals, portions and any reactions or symptoms afterwards." />
      <EmptyState icon={Utensils} title="No food entries yet" />
    </>
  );
}
