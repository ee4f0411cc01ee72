import { useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { Badge, type BadgeProps } from "@/client/components/ui/badge";
import { useChildFilter } from "@/client/lib/child-filter";
import { formatListDate } from "@/client/lib/format";
import { childListParams, type LabTest, labTestsApi } from "../api";
import { AddLink, CardEmpty, CardLoadError, CardRowsSkeleton, DashboardCard } from "./dashboard-card";
import { ItemChild } from "./item-child";

const STATUS_BADGES: Record<string, { label: string; variant: BadgeProps["variant"] }> = {
  pending: { label: "Pending", variant: "warning" },
  completed: { label: "Completed", variant: "info" },
  reviewed: { label: "Reviewed", variant: "success" },
};

/** The 5 most recent tests: latest date first, then latest recorded. */
export function latestLabTests(tests: readonly LabTest[], count = 5): LabTest[] {
  return [...tests]
    .sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt))
    .slice(0, count);
}

export function LatestLabsCard() {
  const { childId } = useChildFilter();
  const labs = useQuery({ ...labTestsApi.listOptions(childListParams(childId)), staleTime: 0 });
  const latest = latestLabTests(labs.data ?? []);

  return (
    <DashboardCard
      title="Latest Lab Results"
      icon={FlaskConical}
      tint="bg-violet-50 text-violet-700"
      href="/lab-tests"
      linkLabel="All lab tests"
    >
      {labs.isLoading ? (
        <CardRowsSkeleton />
      ) : labs.isError ? (
        <CardLoadError onRetry={() => labs.refetch()} />
      ) : latest.length === 0 ? (
        <CardEmpty action={<AddLink href="/lab-tests">Add a lab test</AddLink>}>
          No lab results yet.
        </CardEmpty>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {latest.map((test) => {
            const status = STATUS_BADGES[test.status] ?? { label: test.status, variant: "secondary" };
            return (
              <li key={test.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="break-words font-medium">{test.testName}</p>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
                    <span>{formatListDate(test.date)}</span>
                    <ItemChild childId={test.childId} />
                  </p>
                  {test.results ? (
                    <p className="mt-0.5 line-clamp-2 break-words text-sm">{test.results}</p>
                  ) : null}
                </div>
                <Badge variant={status.variant}>{status.label}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}
