import { familyClock, todayIn } from "@/domain/clock";
import { useAuth } from "./auth";

/** The family's zone: the signed-in account's, else this device's. */
export function useFamilyTimeZone(): string {
  useAuth();
  return familyClock().timeZone;
}

/** The family's date (yyyy-MM-dd) as this render sees it. */
export function useFamilyToday(): string {
  const timeZone = useFamilyTimeZone();
  return todayIn(timeZone, new Date());
}
