import { Baby, ChartLine, Ruler, Scale, Thermometer, UserRound } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Link } from "wouter";
import { ChildPicker } from "@/client/components/children/child-picker";
import { ReadOnlyNote } from "@/client/components/record-screen/record-screen-parts";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { FeverCard, type FeverCardReading } from "@/client/components/vitals/fever-card";
import { TemperatureSettingsCard } from "@/client/components/vitals/temperature-settings-card";
import { useAuth } from "@/client/lib/auth";
import { usePageChild } from "@/client/lib/page-child";
import { VITAL_LABELS, type VitalKind } from "@/domain/vitals";
import { VitalTab } from "./vital-tab";

/** The growth charts and their tables load when the Growth tab is first opened. */
const GrowthTab = lazy(() => import("./growth/growth-tab"));

const TABS: readonly { value: VitalKind | "growth"; label: string; icon: typeof Thermometer }[] = [
  { value: "temperature", label: VITAL_LABELS.temperature, icon: Thermometer },
  { value: "weight", label: VITAL_LABELS.weight, icon: Scale },
  { value: "height", label: VITAL_LABELS.height, icon: Ruler },
  { value: "head-circumference", label: VITAL_LABELS["head-circumference"], icon: Baby },
  { value: "growth", label: "Growth charts", icon: ChartLine },
];
type Tab = (typeof TABS)[number]["value"];

const tabFromAddress = (): Tab => {
  const tab = new URLSearchParams(window.location.search).get("tab");
  return TABS.find((t) => t.value === tab)?.value ?? "temperature";
};

/**
 * Vitals: one child's temperatures, weights, lengths and head circumferences, each with a chart
 * and its list, and the growth charts. A fever with a central line opens the fever card.
 * `?tab=growth` (or a kind) opens on that tab.
 */
export function VitalsPage() {
  const { childId, child, pick, hasChildren } = usePageChild();
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>(tabFromAddress);
  const [fever, setFever] = useState<FeverCardReading | null>(null);
  const openFever = useCallback((reading: FeverCardReading) => setFever(reading), []);
  return (
    <>
      <PageHeader
        title="Vitals"
        subtitle="Temperature, weight, length and head circumference, with growth charts."
        actions={<ReadOnlyNote />}
      />
      <Card className="mb-6">
        <CardContent className="pt-5 sm:pt-6">
          <ChildPicker value={childId} onChange={pick} label="Child" id="vitals-child" />
        </CardContent>
      </Card>
      {childId ? (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="Vitals" className="flex h-auto w-full flex-wrap justify-start sm:w-auto">
            {TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="max-sm:h-11 max-sm:px-2.5">
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value }) =>
            value === "growth" ? (
              <TabsContent key={value} value={value}>
                <Suspense
                  fallback={<Spinner label="Loading the growth charts..." showLabel className="py-10" />}
                >
                  <GrowthTab childId={childId} childName={child?.name ?? "The child"} />
                </Suspense>
              </TabsContent>
            ) : (
              <TabsContent key={value} value={value} className="flex flex-col gap-6">
                <VitalTab kind={value} childId={childId} onFever={openFever} onShowKind={setTab} />
                {value === "temperature" && user ? <TemperatureSettingsCard user={user} /> : null}
              </TabsContent>
            ),
          )}
        </Tabs>
      ) : (
        <SelectChildFirst hasChildren={hasChildren} />
      )}
      <FeverCard reading={fever} onClose={() => setFever(null)} />
    </>
  );
}

function SelectChildFirst({ hasChildren }: { hasChildren: boolean }) {
  return (
    <EmptyState
      icon={UserRound}
      title="Select a child to see their vitals"
      text={
        hasChildren
          ? "Choose a child above to see and add their temperatures, weights and lengths."
          : "Vitals belong to a child. Add a child profile first, then come back here."
      }
      action={
        hasChildren ? null : (
          <Button asChild variant="outline">
            <Link href="/children">Go to Children Profiles</Link>
          </Button>
        )
      }
    />
  );
}
