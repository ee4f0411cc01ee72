import { useIsFetching } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, startTransition, useCallback, useEffect, useState } from "react";
import { PageHeader } from "@/client/components/ui/page-header";
import { useAuth } from "@/client/lib/auth";
import { useChildFilter } from "@/client/lib/child-filter";
import { useCan } from "@/client/lib/permissions";
import { EmergencyContactsCard } from "./components/emergency-contacts-card";
import { FirstChildCard } from "./components/first-child-card";
import { IntroBanner } from "./components/intro-banner";
import { LatestLabsCard } from "./components/latest-labs-card";
import { QuickActionsCard } from "./components/quick-actions-card";
import { RecentActivityCard } from "./components/recent-activity-card";
import { StatTiles } from "./components/stat-tiles";
import { SupplyChecklistCard } from "./components/supply-checklist-card";
import { TodayCareCard } from "./components/today-care-card";
import { UpcomingVisitsCard } from "./components/upcoming-visits-card";
import { dashboardSubtitle } from "./greeting";
import { QuickLogBar } from "./quick-log/quick-log-bar";

// Loaded beside the dashboard, not in its first load (lazy-cards.ts): what is due now, and the
// line care that only a family with a line in place sees.
const TasksCard = lazy(() => import("./lazy-cards").then((m) => ({ default: m.TasksCard })));
const LineCareCard = lazy(() => import("./lazy-cards").then((m) => ({ default: m.LineCareCard })));
// "Install app", where the browser offers it: nothing of it in the first load.
const InstallBanner = lazy(() => import("./lazy-cards").then((m) => ({ default: m.InstallBanner })));
// Likewise: only a family that keeps a PN prescription sees it.
const PnCard = lazy(() => import("./pn/pn-card").then((m) => ({ default: m.PnCard })));
const loadBilirubinCard = () => import("./pn/bilirubin-card");
const loadBalanceCard = () => import("./intake-output/balance-card");
const BalanceCard = lazy(() => loadBalanceCard().then((m) => ({ default: m.BalanceCard })));
const BilirubinCard = lazy(() => loadBilirubinCard().then((m) => ({ default: m.BilirubinCard })));
// Below the fold, and with a record screen's code (its list, its waiting entries, its form):
// beside the first chunk too.
const loadInfusionCentersCard = () => import("./infusion-centers/infusion-centers-card");
const InfusionCentersCard = lazy(() =>
  loadInfusionCentersCard().then((m) => ({ default: m.InfusionCentersCard })),
);
// Beside it for the same reason: only a family with a scheduled medication sees it.
const DosesCard = lazy(() => import("./doses/doses-card").then((m) => ({ default: m.DosesCard })));

/**
 * The lists that decide whether the cards above the counts show (tasks, doses, line care and its
 * pills, PN), and the children they are asked for: by the first part of their query keys.
 */
const DECIDING_CARDS_ABOVE = new Set(["children", "tasks", "medications", "picc-lines", "pn-prescriptions"]);
/** The lazy cards above the counts, each in a boundary of its own. */
const LAZY_CARDS_ABOVE = 4;
/** How long the lists must stay answered: an answer that asks the next list (lines, then their care). */
const SETTLED_MS = 60;
/** The rest shows by then even if an answer above still waits (a slow or broken connection). */
const LONGEST_WAIT_MS = 4000;

/** Tells its parent, once, that the lazy card beside it in its boundary has loaded. */
function Revealed({ onReveal }: { onReveal: () => void }) {
  useEffect(() => onReveal(), [onReveal]);
  return null;
}

/**
 * The cards that come only with a family's data (tasks, doses, line care, PN), then `rest`: the
 * counts and every card below them show once those above are in place (or known absent), so
 * nothing that is already on screen moves down under the person's eyes. The rest is rendered as
 * a transition: in short slices that leave a slow phone free to answer a tap.
 */
function CardsAboveThen({ rest }: { rest: ReactNode }) {
  const [revealed, setRevealed] = useState(0);
  const reveal = useCallback(() => setRevealed((count) => count + 1), []);
  const awaited = useIsFetching({
    predicate: (query) =>
      query.state.status === "pending" && DECIDING_CARDS_ABOVE.has(String(query.queryKey[0])),
  });
  const settled = revealed >= LAZY_CARDS_ABOVE && awaited === 0;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) return;
    const timer = window.setTimeout(
      () => startTransition(() => setOpen(true)),
      settled ? SETTLED_MS : LONGEST_WAIT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [open, settled]);
  return (
    <>
      <Suspense fallback={null}>
        <TasksCard />
        <Revealed onReveal={reveal} />
      </Suspense>
      <Suspense fallback={null}>
        <DosesCard />
        <Revealed onReveal={reveal} />
      </Suspense>
      <Suspense fallback={null}>
        <LineCareCard />
        <Revealed onReveal={reveal} />
      </Suspense>
      <Suspense fallback={null}>
        <PnCard />
        <Revealed onReveal={reveal} />
      </Suspense>
      {open ? rest : null}
    </>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const shown = useChildFilter();
  // Logging writes: a role that only reads is not offered it.
  const canWrite = useCan("write");
  // The cards below the counts render late, but their code is fetched now, while the connection
  // that opened the page is surely there: a phone that loses it in the first seconds still shows them.
  useEffect(() => {
    void loadInfusionCentersCard().catch(() => {});
    void loadBilirubinCard().catch(() => {});
    void loadBalanceCard().catch(() => {});
  }, []);
  return (
    <>
      <PageHeader title="TPN Tracker Dashboard" subtitle={dashboardSubtitle(user, shown)} />
      <div className="flex flex-col gap-6">
        <FirstChildCard />
        {canWrite ? <QuickLogBar /> : null}
        <CardsAboveThen
          rest={
            <>
              <StatTiles />
              <EmergencyContactsCard />
              <SupplyChecklistCard />
              <Suspense fallback={null}>
                <InfusionCentersCard />
              </Suspense>
              <div className="grid gap-6 lg:grid-cols-2">
                <UpcomingVisitsCard />
                <LatestLabsCard />
                <TodayCareCard className="lg:col-span-2" />
              </div>
              <Suspense fallback={null}>
                <BalanceCard />
              </Suspense>
              <Suspense fallback={null}>
                <BilirubinCard />
              </Suspense>
              <div className="grid gap-6 lg:grid-cols-2">
                <QuickActionsCard />
                <RecentActivityCard />
              </div>
              <IntroBanner />
            </>
          }
        />
      </div>
      <Suspense fallback={null}>
        <InstallBanner />
      </Suspense>
    </>
  );
}
