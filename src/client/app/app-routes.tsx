import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/client/components/ui/spinner";
import { NotFoundPage } from "./not-found-page";

/** Every screen's chunk loader, so they can all be fetched ahead of the first visit. */
const preloaders: (() => Promise<void>)[] = [];

/**
 * A lazily loaded screen from a named export, so each screen is its own chunk. Once its chunk is
 * in (preloaded, or visited before), the screen renders at once instead of suspending: no spinner
 * flash and no wait before its data is requested.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  let loaded: ComponentType | undefined;
  const screen = (module: Record<K, ComponentType>): ComponentType => module[name];
  const loadScreen = () =>
    load().then((module) => {
      loaded = screen(module);
      return loaded;
    });
  preloaders.push(() => loadScreen().then(() => undefined));
  const Lazy = lazy(() => loadScreen().then((Screen) => ({ default: Screen })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen as this module loads, never while rendering.
  return function Page() {
    // Chosen once per visit: switching from the lazy wrapper to the loaded screen would remount it.
    const [Screen] = useState(() => loaded ?? Lazy);
    return <Screen />;
  };
}

/** How long the first screen has the phone to itself before other screens are fetched. */
const PRELOAD_AFTER_MS = 4000;

/**
 * Fetches every screen's chunk once the first screen has been shown for a few seconds, one screen
 * per idle moment: the first screen's own code and data get the network and the processor first,
 * and a tap while screens load waits for at most one small task.
 */
function usePreloadedScreens() {
  useEffect(() => {
    let cancelled = false;
    // Safari has no requestIdleCallback: a short timer stands in for it.
    const whenIdle = (run: () => void) =>
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(run, { timeout: 2000 })
        : setTimeout(run, 50);
    const next = (index: number) => {
      if (cancelled || index >= preloaders.length) return;
      whenIdle(() => {
        if (cancelled) return;
        preloaders[index]!()
          .catch(() => {})
          .then(() => next(index + 1));
      });
    };
    const start = setTimeout(() => next(0), PRELOAD_AFTER_MS);
    return () => {
      cancelled = true;
      clearTimeout(start);
    };
  }, []);
}

const DashboardPage = lazyPage(() => import("@/client/features/dashboard/dashboard-page"), "DashboardPage");
const TasksPage = lazyPage(() => import("@/client/features/tasks/tasks-page"), "TasksPage");
const TpnNutritionPage = lazyPage(
  () => import("@/client/features/tpn-nutrition/tpn-nutrition-page"),
  "TpnNutritionPage",
);
const VitalsPage = lazyPage(() => import("@/client/features/vitals/vitals-page"), "VitalsPage");
const SpecialistVisitsPage = lazyPage(
  () => import("@/client/features/specialist-visits/specialist-visits-page"),
  "SpecialistVisitsPage",
);
const LabTestsPage = lazyPage(() => import("@/client/features/lab-tests/lab-tests-page"), "LabTestsPage");
const CareTeamPage = lazyPage(() => import("@/client/features/care-team/care-team-page"), "CareTeamPage");
const NotesPage = lazyPage(() => import("@/client/features/notes/notes-page"), "NotesPage");
const MedicalAllergiesPage = lazyPage(
  () => import("@/client/features/medical-allergies/medical-allergies-page"),
  "MedicalAllergiesPage",
);
const SymptomsPainPage = lazyPage(
  () => import("@/client/features/symptoms-pain/symptoms-pain-page"),
  "SymptomsPainPage",
);
const SymptomHeatmapsPage = lazyPage(
  () => import("@/client/features/symptom-heatmaps/symptom-heatmaps-page"),
  "SymptomHeatmapsPage",
);
const PhysicalTherapyPage = lazyPage(
  () => import("@/client/features/physical-therapy/physical-therapy-page"),
  "PhysicalTherapyPage",
);
const MedicationsPage = lazyPage(
  () => import("@/client/features/medications/medications-page"),
  "MedicationsPage",
);
const FoodDiaryPage = lazyPage(() => import("@/client/features/food-diary/food-diary-page"), "FoodDiaryPage");
const TpnSuppliesPage = lazyPage(
  () => import("@/client/features/tpn-supplies/tpn-supplies-page"),
  "TpnSuppliesPage",
);
const MedicalPhotosPage = lazyPage(
  () => import("@/client/features/medical-photos/medical-photos-page"),
  "MedicalPhotosPage",
);
const PiccLinesPage = lazyPage(() => import("@/client/features/picc-lines/picc-lines-page"), "PiccLinesPage");
const FaqPage = lazyPage(() => import("@/client/features/faq/faq-page"), "FaqPage");
const SettingsPage = lazyPage(() => import("@/client/features/settings/settings-page"), "SettingsPage");
const FamilySupportPage = lazyPage(
  () => import("@/client/features/family-support/family-support-page"),
  "FamilySupportPage",
);
const ChildrenPage = lazyPage(() => import("@/client/features/children/children-page"), "ChildrenPage");
const FamilyPage = lazyPage(() => import("@/client/features/family/family-page"), "FamilyPage");
const NotificationsPage = lazyPage(
  () => import("@/client/features/notifications/notifications-page"),
  "NotificationsPage",
);
const CareSummaryPage = lazyPage(
  () => import("@/client/features/care-summary/care-summary-page"),
  "CareSummaryPage",
);

/** The signed-in routes of spec section 2; anything else is the 404 page. */
export function AppRoutes() {
  usePreloadedScreens();
  return (
    <Suspense fallback={<Spinner label="Loading page..." className="py-24" />}>
      <Switch>
        <Route path="/" component={DashboardPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/tasks" component={TasksPage} />
        <Route path="/tpn-nutrition" component={TpnNutritionPage} />
        <Route path="/vitals" component={VitalsPage} />
        <Route path="/specialist-visits" component={SpecialistVisitsPage} />
        <Route path="/lab-tests" component={LabTestsPage} />
        <Route path="/care-team" component={CareTeamPage} />
        <Route path="/notes" component={NotesPage} />
        <Route path="/medical-allergies" component={MedicalAllergiesPage} />
        <Route path="/symptoms-pain" component={SymptomsPainPage} />
        <Route path="/symptom-heatmaps" component={SymptomHeatmapsPage} />
        <Route path="/physical-therapy" component={PhysicalTherapyPage} />
        <Route path="/medications" component={MedicationsPage} />
        <Route path="/food-diary" component={FoodDiaryPage} />
        <Route path="/tpn-supplies" component={TpnSuppliesPage} />
        <Route path="/medical-photos" component={MedicalPhotosPage} />
        <Route path="/picc-lines" component={PiccLinesPage} />
        <Route path="/family" component={FamilyPage} />
        <Route path="/faq" component={FaqPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/family-support" component={FamilySupportPage} />
        <Route path="/children" component={ChildrenPage} />
        <Route path="/care-summary" component={CareSummaryPage} />
        <Route path="/notifications" component={NotificationsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
