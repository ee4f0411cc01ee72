import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Grid3x3 } from "lucide-react";
import { ChildFilterNotice } from "@/client/components/record-screen/record-screen-parts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { useChildFilter } from "@/client/lib/child-filter";
import { useFamilyToday } from "@/client/lib/use-family-today";
import { heatmapQueryOptions } from "./api";
import { DailyOverview } from "./components/daily-overview";
import { HeatmapGrid, HeatmapLegend } from "./components/heatmap-grid";

/** Symptom Heatmaps (spec sections 2 and 9): read only, following the header's child filter. */
export function SymptomHeatmapsPage() {
  const { childId, selectedChild, setChildId } = useChildFilter();
  // The family's today, so the grid ends on their day whatever zone this device is in.
  const today = useFamilyToday();
  const heatmap = useQuery(heatmapQueryOptions(childId, today));
  const data = heatmap.data;
  const hasOverview = data?.overview.some((day) => day.entries > 0) ?? false;

  return (
    <>
      <PageHeader
        title="Symptom Heatmaps"
        subtitle="How strongly each symptom showed over the last 30 days: each square is a day, its colour the sum of that day's pain levels."
      />
      {selectedChild ? <ChildFilterNotice child={selectedChild} onShowAll={() => setChildId(null)} /> : null}
      {heatmap.isLoading ? (
        <Spinner label="Loading symptoms..." className="py-16" />
      ) : heatmap.error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800 text-sm">
          {errorMessage(heatmap.error)}
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Top Symptoms, Last 30 Days</CardTitle>
              <CardDescription>
                The ten strongest symptoms; move through the days with the arrow keys.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {data && data.rows.length > 0 ? (
                <>
                  <HeatmapGrid days={data.days} rows={data.rows} />
                  <HeatmapLegend />
                </>
              ) : (
                <EmptyState
                  icon={Grid3x3}
                  title="No symptom data"
                  text="Symptoms recorded on Symptoms & Pain in the last 30 days show here."
                />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Daily Symptom Overview</CardTitle>
              <CardDescription>The last 7 days.</CardDescription>
            </CardHeader>
            <CardContent>
              {data && hasOverview ? (
                <DailyOverview days={data.overview} />
              ) : (
                <EmptyState
                  icon={CalendarDays}
                  title="No daily data"
                  text="No symptoms were recorded in the last 7 days."
                />
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
