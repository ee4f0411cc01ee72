import { queryOptions, useQuery } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { CareSummarySheet } from "@/client/components/care-summary/care-summary-sheet";
import { Button } from "@/client/components/ui/button";
import { PageHeader } from "@/client/components/ui/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, getJson } from "@/client/lib/api";
import { useChildFilter } from "@/client/lib/child-filter";
import type { CareSummary } from "@/domain/exports";

/** Every child's summary, or the header's child's; every record change can change it. */
function summaryOptions(childId: string | null) {
  return queryOptions({
    queryKey: ["care-summary", { childId }] as const,
    queryFn: () =>
      getJson<CareSummary[]>(childId ? `/api/care-summary?childId=${childId}` : "/api/care-summary"),
    staleTime: 0,
  });
}

/** Care Summary: one printable page per child for an emergency room or a new doctor. */
export function CareSummaryPage() {
  const { childId } = useChildFilter();
  const summaries = useQuery(summaryOptions(childId));
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Care Summary"
          subtitle="One page per child to hand to an emergency room or a new doctor: allergies first, then medications, the central line, TPN and whom to call."
          actions={
            <Button onClick={() => window.print()} disabled={!summaries.data}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          }
        />
      </div>
      {summaries.isLoading ? (
        <Spinner label="Loading the summary..." className="py-16" />
      ) : summaries.error ? (
        <p role="alert" className="text-destructive">
          {errorMessage(summaries.error)}
        </p>
      ) : (
        <div className="flex flex-col gap-6 print:gap-0">
          {summaries.data?.map((summary) => (
            <CareSummarySheet key={summary.child?.id ?? "family"} summary={summary} />
          ))}
        </div>
      )}
    </>
  );
}
