import { Clock, Scale, StickyNote, TriangleAlert } from "lucide-react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordChips, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import { formatCardDate, formatTime } from "@/client/lib/format";
import { MEAL_TYPE_LABELS, type MealType } from "@/domain/food-diary";
import type { FoodDiaryEntry } from "../api";

/** Spec section 2: breakfast yellow, lunch green, dinner blue, snack purple. */
const MEAL_TYPE_STYLES: Record<MealType, string> = {
  breakfast: "bg-yellow-100 text-yellow-900",
  lunch: "bg-green-100 text-green-800",
  dinner: "bg-blue-100 text-blue-800",
  snack: "bg-purple-100 text-purple-800",
};

export function FoodDiaryCard({
  entry,
  onEdit,
  onDelete,
  className,
}: {
  entry: FoodDiaryEntry;
  onEdit?: () => void;
  onDelete?: () => void;
  className?: string;
}) {
  const date = formatCardDate(entry.date);
  const meal = MEAL_TYPE_LABELS[entry.mealType] ?? entry.mealType;
  return (
    <RecordCard
      title={date}
      badges={
        <>
          <Badge className={`border-transparent ${MEAL_TYPE_STYLES[entry.mealType] ?? ""}`}>{meal}</Badge>
          <LinkedChild childId={entry.childId} />
        </>
      }
      actionLabel={`${meal.toLowerCase()} entry of ${date}${entry.time ? ` at ${formatTime(entry.time)}` : ""}`}
      onEdit={onEdit}
      onDelete={onDelete}
      className={className}
    >
      <RecordDetail icon={Clock} label="Time">
        {formatTime(entry.time)}
      </RecordDetail>
      <RecordChips label="Foods" items={entry.foods} />
      <RecordDetail icon={Scale} label="Portion">
        {entry.portion}
      </RecordDetail>
      <RecordDetail icon={TriangleAlert} label="Reaction">
        {entry.reaction}
      </RecordDetail>
      <RecordChips label="Symptoms" items={entry.symptoms} />
      <RecordDetail icon={StickyNote} label="Notes">
        {entry.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{entry.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
