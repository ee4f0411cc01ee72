import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import { dosesApi, tooSoonOf } from "@/client/lib/doses-api";
import { familyTimeFormat } from "@/client/lib/family-clock";
import { medicationsApi } from "@/client/lib/medications-api";
import { activityQueryKey } from "@/client/lib/query-keys";
import { familyClock } from "@/domain/clock";
import { doseMomentText } from "@/domain/dose-moments";
import { DOSE_STATUS_LABELS } from "@/domain/doses";

/**
 * Recording and deleting doses: each reloads the doses' history, the medications (their last
 * dose, next due time and missed doses: the cards and the dashboard) and the recent activity. A
 * dose the server questions (given shortly after another) shows no error: the dialog asks.
 */
export function useDoseMutations() {
  return useResourceMutations(dosesApi, {
    messages: {
      created: { title: "Dose recorded", description: "" },
      createFailed: "Failed to record the dose",
      deleted: "Dose deleted.",
      deleteFailed: "Failed to delete the dose",
    },
    savedNote: (dose) =>
      `${DOSE_STATUS_LABELS[dose.status]} ${doseMomentText(dose.givenAt, familyClock().timeZone, new Date(), familyTimeFormat())}.`,
    alsoInvalidate: [medicationsApi.key, activityQueryKey],
    entryLabel: "dose",
    answeredByCaller: (err) => tooSoonOf(err) !== null,
  });
}
