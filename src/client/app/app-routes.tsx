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

/** Fetches every screen's chunk while the browser is idle, once the first screen is shown. */
function usePreloadedScreens() {
  useEffect(() => {
    const preloadAll = () => {
      for (const preload of preloaders) preload().catch(() => {});
    };
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(preloadAll, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(preloadAll, 1000);
    return () => clearTimeout(id);
  }, []);
}

const DashboardPage = lazyPage(() => import("@/client/features/dashboard/dashboard-page"), "DashboardPage");
const TpnNutritionPage = lazyPage(
  () => import("@/client/features/tpn-nutrition/tpn-nutrition-page"),
  "TpnNutritionPage",
);
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
        <Route path="/tpn-nutrition" component={TpnNutritionPage} />
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
        <Route path="/faq" component={FaqPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/family-support" component={FamilySupportPage} />
        <Route path="/children" component={ChildrenPage} />
        <Route path="/care-summary" component={CareSummaryPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
