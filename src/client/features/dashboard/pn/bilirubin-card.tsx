import { useQueries } from "@tanstack/react-query";
import { TestTubes } from "lucide-react";
import { lazy, Suspense } from "react";
import { trendSentence } from "@/client/components/charts/trend";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { Spinner } from "@/client/components/ui/spinner";
import { useChildFilter } from "@/client/lib/child-filter";
import { activePnOptions } from "@/client/lib/pn-api";
import { analyteSeries, CONJUGATED_BILIRUBIN, LAB_FLAG_LABELS } from "@/domain/lab-results";
import { labResultsApi } from "../api";
import { DashboardCard } from "../components/dashboard-card";

/** The charting library loads only where a trend is shown. */
const TrendChart = lazy(() => import("@/client/components/charts/trend-chart"));

/**
 * Conjugated bilirubin over time for each child in view with a PN prescription in force: the
 * first sign of PN-associated liver disease, which the team follows at every draw. Its values in
 * µmol/L whatever unit each lab used, with the latest range as a band. Nothing while no child on
 * PN has a value.
 */
export function BilirubinCard() {
  const { selectedChild, children } = useChildFilter();
  const shown = selectedChild ? [selectedChild] : children;
  const pn = useQueries({ queries: shown.map((child) => activePnOptions(child.id)) });
  const onPn = shown.filter((_, i) => Boolean(pn[i]?.data?.prescription));
  const results = useQueries({
    queries: onPn.map((child) => ({ ...labResultsApi.listOptions({ childId: child.id }), staleTime: 0 })),
  });
  const rows = onPn.flatMap((child, i) => {
    const series = analyteSeries(results[i]?.data ?? [], CONJUGATED_BILIRUBIN);
    return series.length > 0 ? [{ child, series }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <DashboardCard
      title="Conjugated Bilirubin"
      icon={TestTubes}
      tint="bg-amber-50 text-amber-700"
      href="/lab-results"
      linkLabel="Lab Results"
    >
      <ul className="flex flex-col divide-y divide-border">
        {rows.map(({ child, series }) => {
          const latest = series.at(-1)!;
          const ranged = series.findLast((p) => p.referenceHigh !== null);
          const band = ranged ? { low: ranged.referenceLow ?? 0, high: ranged.referenceHigh ?? 0 } : null;
          const flag = latest.flag && latest.flag !== "normal" ? ` ${LAB_FLAG_LABELS[latest.flag]}.` : "";
          return (
            <li key={child.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
              {rows.length > 1 || shown.length > 1 ? (
                <p className="flex items-center gap-2 font-medium">
                  <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
                  <span className="min-w-0 break-words">{child.name}</span>
                </p>
              ) : null}
              <figure className="flex flex-col gap-2">
                <figcaption className="text-muted-foreground text-sm">
                  {trendSentence("Conjugated bilirubin", series, latest.unit)}
                  {flag}
                </figcaption>
                <div aria-hidden="true" className="min-w-0">
                  <Suspense fallback={<Spinner label="Loading the chart..." className="py-10" />}>
                    <TrendChart
                      points={series.map((p) => ({ date: p.date, value: p.value }))}
                      unit={latest.unit}
                      band={band}
                      axisFrom="data"
                    />
                  </Suspense>
                </div>
              </figure>
            </li>
          );
        })}
      </ul>
    </DashboardCard>
  );
}
