import { useQueries } from "@tanstack/react-query";
import { ClipboardList, Droplets, TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { Button } from "@/client/components/ui/button";
import { useChildFilter } from "@/client/lib/child-filter";
import type { Child } from "@/client/lib/children-api";
import { PAGE_CHILD_PARAM } from "@/client/lib/page-child";
import { useCan } from "@/client/lib/permissions";
import { type ActivePnPrescription, activePnOptions, tonightsBagHref } from "@/client/lib/pn-api";
import { USUAL_GIR } from "@/domain/pn";
import { infusionText, isUnusualGir, pnDayAndWeek } from "@/domain/pn-text";
import { DashboardCard } from "../components/dashboard-card";

/**
 * Tonight's PN for each child in view with a prescription in force: how the bag runs, its GIR
 * and kcal per kilogram a day, and "Tonight's bag" (TPN Nutrition's entry filled in from the
 * prescription: Save is the second tap). Nothing while no child has one.
 */
export function PnCard() {
  const { selectedChild, children } = useChildFilter();
  const shown = selectedChild ? [selectedChild] : children;
  const answers = useQueries({ queries: shown.map((child) => activePnOptions(child.id)) });
  const canWrite = useCan("write");
  const rows = shown.flatMap((child, i) => {
    const figures = answers[i]?.data;
    return figures?.prescription ? [{ child, figures }] : [];
  });
  if (rows.length === 0) return null;
  const only = shown.length === 1 ? shown[0] : null;
  return (
    <div data-pn-card="">
      <DashboardCard
        title="Tonight's PN"
        icon={ClipboardList}
        tint="bg-emerald-50 text-emerald-700"
        href={only ? `/tpn-nutrition?${PAGE_CHILD_PARAM}=${only.id}` : "/tpn-nutrition"}
        linkLabel="TPN Nutrition"
      >
        <ul className="flex flex-col divide-y divide-border">
          {rows.map(({ child, figures }) => (
            <PnRow
              key={child.id}
              child={child}
              figures={figures}
              named={shown.length > 1}
              canWrite={canWrite}
            />
          ))}
        </ul>
      </DashboardCard>
    </div>
  );
}

function PnRow({
  child,
  figures,
  named,
  canWrite,
}: {
  child: Child;
  figures: ActivePnPrescription;
  named: boolean;
  canWrite: boolean;
}) {
  const prescription = figures.prescription!;
  // A PN day's figures, and with fewer nights a week what they come to over the week.
  const perKg = pnDayAndWeek(
    { ...figures, proteinGPerKgDay: null, lipidGPerKgDay: null },
    prescription.nightsPerWeek,
  );
  const { weight } = figures;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      {named ? (
        <p className="flex items-center gap-2 font-medium">
          <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
          <span className="min-w-0 break-words">{child.name}</span>
        </p>
      ) : null}
      <p className="break-words font-semibold">{infusionText(prescription)}</p>
      {!weight ? (
        <p className="text-muted-foreground text-sm">
          Add a weight in Vitals for the GIR and kcal per kilogram.
        </p>
      ) : perKg ? (
        <p className={isUnusualGir(figures.gir) ? "text-amber-900 text-sm" : "text-muted-foreground text-sm"}>
          {perKg}
          {isUnusualGir(figures.gir) ? ` (GIR outside ${USUAL_GIR.min} to ${USUAL_GIR.max} mg/kg/min)` : ""}
        </p>
      ) : null}
      {weight?.stale ? (
        <p className="flex items-start gap-1.5 text-amber-900 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The last weight is {weight.ageDays} days old: weigh again for current figures.
        </p>
      ) : null}
      {canWrite ? (
        <Button asChild className="self-start">
          <Link
            href={tonightsBagHref(child.id)}
            aria-label={named ? `Tonight's bag, ${child.name}` : undefined}
          >
            <Droplets aria-hidden="true" />
            Tonight's bag
          </Link>
        </Button>
      ) : null}
    </li>
  );
}
