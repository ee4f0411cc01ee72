import { lazy, Suspense } from "react";
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
const BilirubinCard = lazy(() => import("./pn/bilirubin-card").then((m) => ({ default: m.BilirubinCard })));
// Below the fold, and with a record screen's code (its list, its waiting entries, its form):
// beside the first chunk too.
const InfusionCentersCard = lazy(() =>
  import("./infusion-centers/infusion-centers-card").then((m) => ({ default: m.InfusionCentersCard })),
);
// Beside it for the same reason: only a family with a scheduled medication sees it.
const DosesCard = lazy(() => import("./doses/doses-card").then((m) => ({ default: m.DosesCard })));

export function DashboardPage() {
  const { user } = useAuth();
  const shown = useChildFilter();
  // Logging writes: a role that only reads is not offered it.
  const canWrite = useCan("write");
  return (
    <>
      <PageHeader title="TPN Tracker Dashboard" subtitle={dashboardSubtitle(user, shown)} />
      <div className="flex flex-col gap-6">
        <FirstChildCard />
        {canWrite ? <QuickLogBar /> : null}
        <Suspense fallback={null}>
          <TasksCard />
        </Suspense>
        <Suspense fallback={null}>
          <DosesCard />
        </Suspense>
        <Suspense fallback={null}>
          <LineCareCard />
        </Suspense>
        <Suspense fallback={null}>
          <PnCard />
        </Suspense>
        <Suspense fallback={null}>
          <BilirubinCard />
        </Suspense>
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
        <div className="grid gap-6 lg:grid-cols-2">
          <QuickActionsCard />
          <RecentActivityCard />
        </div>
        <IntroBanner />
      </div>
      <Suspense fallback={null}>
        <InstallBanner />
      </Suspense>
    </>
  );
}
