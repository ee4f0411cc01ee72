import { sharedRecordType } from "./declaration";

export const foodDiaryEntriesType = sharedRecordType({
  entity: "food_diary_entry",
  activity: {
    food_diary_entry: { label: "food diary entry" },
  },
  nav: { label: "Food Diary", href: "/food-diary", icon: "Utensils", place: 180 },
});
