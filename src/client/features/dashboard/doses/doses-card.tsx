import { useQuery } from "@tanstack/react-query";
import { Check, Pill } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { DoseSummary } from "@/client/components/doses/dose-summary";
import { useOnceTrue } from "@/client/components/record-screen/record-screen-parts";
import { Button } from "@/client/components/ui/button";
import { useChildFilter } from "@/client/lib/child-filter";
import { dosesToList } from "@/client/lib/dose-texts";
import { familyTimeFormat } from "@/client/lib/family-clock";
import { toDateOnly } from "@/client/lib/format";
import type { Medication } from "@/client/lib/medications-api";
import { useCan } from "@/client/lib/permissions";
import { useMinuteClock } from "@/client/lib/use-minute-clock";
import { scheduleInWords } from "@/domain/doses";
import { childListParams, medicationsApi } from "../api";
import { DashboardCard } from "../components/dashboard-card";
import { ItemChild } from "../components/item-child";

// The form and its libraries load on the first tap: the card itself stays small.
const DoseDialog = lazy(() =>
  import("@/client/components/doses/dose-dialog").then((m) => ({ default: m.DoseDialog })),
);

/**
 * The scheduled medications of the children in view with a dose due or missed: each says when,
 * who gave the last dose, and offers Given (two taps: Given, then Save). Nothing while no
 * medication has a schedule.
 */
export function DosesCard() {
  const { childId } = useChildFilter();
  // Asked again each time the dashboard opens: another caregiver may have given a dose since.
  const medications = useQuery({ ...medicationsApi.listOptions(childListParams(childId)), staleTime: 0 });
  const now = useMinuteClock();
  const canWrite = useCan("write");
  const [giving, setGiving] = useState<{ medication: Medication; open: boolean } | null>(null);
  const dialogOpened = useOnceTrue(giving?.open === true);
  const rows = dosesToList(medications.data ?? [], toDateOnly(now));
  if (rows.length === 0) return null;
  return (
    // Marked for the browser tests' look at this card alone.
    <div data-doses-card="">
      <DashboardCard
        title="Doses"
        icon={Pill}
        tint="bg-blue-50 text-blue-700"
        href="/medications"
        linkLabel="Medications"
      >
        <ul className="flex flex-col divide-y divide-border">
          {rows.map((medication) => (
            <li key={medication.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
              <div>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="min-w-0 break-words font-medium">{medication.name}</p>
                  <ItemChild childId={medication.childId} />
                </div>
                <p className="break-words text-muted-foreground text-sm">
                  {[medication.dosage, scheduleInWords(medication, familyTimeFormat())]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <DoseSummary medication={medication} now={now}>
                {canWrite ? (
                  <Button
                    aria-label={`Given, ${medication.name}`}
                    className="min-w-28"
                    onClick={() => setGiving({ medication, open: true })}
                  >
                    <Check aria-hidden="true" />
                    Given
                  </Button>
                ) : null}
              </DoseSummary>
            </li>
          ))}
        </ul>
        <Suspense fallback={null}>
          {dialogOpened && giving ? (
            <DoseDialog
              key={giving.medication.id}
              open={giving.open}
              onOpenChange={(open) => setGiving({ ...giving, open })}
              status="given"
              medication={giving.medication}
              title={`${giving.medication.name} given`}
              description={`${giving.medication.dosage}, now. Change the time or amount if they differ.`}
            />
          ) : null}
        </Suspense>
      </DashboardCard>
    </div>
  );
}
