import { useQuery } from "@tanstack/react-query";
import { Printer, Share2 } from "lucide-react";
import { useState } from "react";
import { CareSummarySheet } from "@/client/components/care-summary/care-summary-sheet";
import { Button } from "@/client/components/ui/button";
import { PageHeader } from "@/client/components/ui/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { useChildFilter } from "@/client/lib/child-filter";
import { useCan } from "@/client/lib/permissions";
import { summaryOptions } from "./api";
import { FamilyContactCard } from "./components/family-contact-card";
import { ShareLinkDialog } from "./components/share-link-dialog";
import { ShareLinksSection } from "./components/share-links-section";

/**
 * Care Summary: one printable page per child for an emergency room or a new doctor. An owner or a
 * caregiver can also share a child's page with the clinic through a link, and see the links made.
 */
export function CareSummaryPage() {
  const { childId } = useChildFilter();
  const summaries = useQuery(summaryOptions(childId));
  const canShare = useCan("share");
  // Each opening starts a new form: a link made before is not shown again.
  const [sharing, setSharing] = useState({ open: false, count: 0 });
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Care Summary"
          subtitle="One page per child to hand to an emergency room or a new doctor: allergies first, then the fever plan, medications, the central line, TPN and whom to call; after them, today's fluid balance and the latest abnormal lab results."
          actions={
            <>
              {canShare ? (
                <Button onClick={() => setSharing(({ count }) => ({ open: true, count: count + 1 }))}>
                  <Share2 aria-hidden="true" />
                  Share with the clinic
                </Button>
              ) : null}
              <Button
                variant={canShare ? "outline" : "default"}
                onClick={() => window.print()}
                disabled={!summaries.data}
              >
                <Printer aria-hidden="true" />
                Print
              </Button>
            </>
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
      <div className="mt-6 print:hidden">
        <FamilyContactCard />
      </div>
      {canShare ? (
        <>
          <ShareLinksSection />
          <ShareLinkDialog
            key={sharing.count}
            open={sharing.open}
            onOpenChange={(open) => setSharing((s) => ({ ...s, open }))}
            defaultChildId={childId}
          />
        </>
      ) : null}
    </>
  );
}
