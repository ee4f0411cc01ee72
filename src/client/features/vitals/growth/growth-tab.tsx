import { useQuery } from "@tanstack/react-query";
import { ChartLine, UserRound } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { formatCardDate } from "@/client/lib/format";
import { type GrowthPoint, growthQueryOptions } from "@/client/lib/vitals-api";
import GrowthChart from "./growth-chart";
import { chartAgeRange, curveRows } from "./growth-curves";
import { GROWTH_CHARTS } from "./growth-kinds";
import {
  chartAge,
  correctedAgeNote,
  measurementText,
  missingText,
  percentileText,
  pointAgeText,
  zScoreText,
} from "./growth-texts";

/**
 * The growth charts of one child: weight, length or height, head circumference and BMI for age,
 * each against the WHO (under 2 years) or CDC (from 2 years) percentile curves of the child's sex,
 * with a table of the measurements, their percentiles and z-scores. Loaded with the growth tables,
 * only when this tab opens.
 */
export default function GrowthTab({ childId, childName }: { childId: string; childName: string }) {
  const growth = useQuery(growthQueryOptions(childId));
  const [chosen, setChosen] = useState(GROWTH_CHARTS[0]!.kind);
  const chart = GROWTH_CHARTS.find((c) => c.kind === chosen) ?? GROWTH_CHARTS[0]!;
  const titleId = useId();

  if (growth.isLoading) return <Spinner label="Loading the growth charts..." showLabel className="py-10" />;
  if (!growth.data) {
    return (
      <EmptyState
        icon={ChartLine}
        title="The growth charts could not be loaded"
        text={errorMessage(growth.error)}
        action={<Button onClick={() => growth.refetch()}>Try again</Button>}
      />
    );
  }
  const { sex, missing, gestationalAge, correctsAge } = growth.data;
  const points = growth.data.points.filter((p) => p.kind === chart.kind);
  // Before the due date a point has no place on charts that start at term.
  const charted = points.filter((p) => chartAge(p) >= 0);
  const range = chartAgeRange(chart.kind, charted.map(chartAge));

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>
          {childName}'s growth: {chart.label}
        </CardTitle>
        <CardDescription>
          Percentile curves (3rd, 15th, 50th, 85th, 97th) of the WHO growth standards under 2 years and the
          CDC growth charts from 2 years.
          {chart.kind === "bmi"
            ? " From 2 years, a BMI above the 95th percentile reads on CDC's extended BMI-for-age charts (2022)."
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ChoiceChips
          label="Chart"
          value={chart.kind}
          onChange={(kind) => setChosen(kind as typeof chosen)}
          choices={GROWTH_CHARTS.map((c) => ({ value: c.kind, label: c.label }))}
        />
        {correctsAge && gestationalAge ? (
          <p className="rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm">
            {correctedAgeNote(childName, gestationalAge)}
          </p>
        ) : null}
        {missing.length > 0 ? (
          <div className="flex flex-col items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 text-sm">
            <p className="flex items-center gap-2 font-medium">
              <UserRound aria-hidden="true" className="size-4 shrink-0" />
              Add {childName}'s {missingText(missing)} in Children to see percentiles.
            </p>
            <Link href="/children" className="font-semibold underline underline-offset-4">
              Go to Children
            </Link>
          </div>
        ) : null}
        {points.length === 0 ? (
          <EmptyState
            icon={ChartLine}
            title={`No ${chart.noun} yet`}
            text={
              chart.kind === "bmi"
                ? "A BMI is worked out for each day with both a weight and a length or height."
                : `Add ${childName}'s ${chart.noun} on their tab to see them here.`
            }
          />
        ) : (
          <>
            {sex && missing.length === 0 ? (
              <div aria-hidden="true" className="min-w-0">
                <GrowthChart
                  kind={chart.kind}
                  sex={sex}
                  unit={chart.unit}
                  rows={curveRows(chart.kind, sex, range)}
                  points={charted}
                  range={range}
                  correctedAge={correctsAge}
                />
              </div>
            ) : null}
            <GrowthTable
              points={points}
              unit={chart.unit}
              ageKnown={!missing.includes("dateOfBirth")}
              labelledBy={titleId}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The measurements, newest first, with their age, percentile and z-score. */
function GrowthTable({
  points,
  unit,
  ageKnown,
  labelledBy,
}: {
  points: readonly GrowthPoint[];
  unit: string;
  ageKnown: boolean;
  labelledBy: string;
}) {
  const newestFirst = [...points].sort((a, b) => b.date.localeCompare(a.date));
  const cell = "px-2 py-2 text-left first:pl-0";
  return (
    <div className="overflow-x-auto">
      <table aria-labelledby={labelledBy} className="w-full min-w-[19rem] text-sm">
        <thead className="text-muted-foreground">
          <tr className="border-border border-b">
            <th scope="col" className={`${cell} font-medium`}>
              Date
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Age
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Value
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Percentile
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              z-score
            </th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((point) => (
            <tr key={`${point.id}:${point.kind}`} className="border-border border-b last:border-0">
              <td className={cell}>{formatCardDate(point.date)}</td>
              <td className={cell}>{ageKnown ? pointAgeText(point) : "—"}</td>
              <td className={`${cell} font-medium`}>{measurementText(point.value, unit)}</td>
              <td className={cell}>
                {point.percentile === null ? "—" : `${percentileText(point.percentile)} (${point.reference})`}
              </td>
              <td className={`${cell} tabular-nums`}>
                {point.zScore === null ? "—" : zScoreText(point.zScore)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
