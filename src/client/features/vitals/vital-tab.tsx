import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  AddRecordButton,
  RecordScreenDialogs,
  RecordScreenList,
} from "@/client/components/record-screen/record-screen-parts";
import { useEditFromAddress } from "@/client/components/record-screen/use-form-reopening";
import { useRecordScreen } from "@/client/components/record-screen/use-record-screen";
import { useAuth } from "@/client/lib/auth";
import { growthQueryOptions, type Vital } from "@/client/lib/vitals-api";
import { DEFAULT_FEVER_THRESHOLD_C, VITAL_LABELS, type VitalKind } from "@/domain/vitals";
import { VitalCard } from "./components/vital-card";
import { VitalTrend } from "./components/vital-trend";
import { VITAL_SCREENS, VitalTabContext } from "./vital-screens";

/**
 * One kind of measurement of one child: Add, the chart over time and the list of entries, with
 * their add, edit and delete forms. A saved fever with a central line opens the fever card
 * (`onFever`), as does a listed one's "What to do now".
 */
export function VitalTab({
  kind,
  childId,
  onFever,
  onShowKind,
}: {
  kind: VitalKind;
  childId: string;
  onFever: (vital: Vital) => void;
  /** Shows another kind's tab (a measurement of that kind was just saved from this one). */
  onShowKind: (kind: VitalKind) => void;
}) {
  const { user } = useAuth();
  const unit = user?.temperatureUnit ?? "C";
  const screen = useRecordScreen(VITAL_SCREENS[kind], { childId, params: { kind } });
  // Edit on a measurement waiting to be sent opens its form here (`?edit=<id>`).
  useEditFromAddress(screen.gridProps.items, screen.canWrite, screen.dialogs.openEdit);
  // Weights and lengths say their percentile (the server computes it; no tables here).
  const growth = useQuery({ ...growthQueryOptions(childId), enabled: kind !== "temperature" });
  const placed = useMemo(
    () => new Map((growth.data?.points ?? []).filter((p) => p.kind === kind).map((p) => [p.id, p])),
    [growth.data, kind],
  );
  const context = useMemo(
    () => ({
      kind,
      childId,
      onSaved: (vital: Vital) => {
        if (vital.kind !== kind) onShowKind(vital.kind);
        if (vital.feverWithLine) onFever(vital);
      },
    }),
    [kind, childId, onFever, onShowKind],
  );
  return (
    <VitalTabContext.Provider value={context}>
      <div className="flex flex-col gap-4">
        {screen.canWrite ? (
          <div>
            <AddRecordButton label={`Add ${VITAL_LABELS[kind]}`} onClick={screen.dialogs.openAdd} />
          </div>
        ) : null}
        <VitalTrend
          kind={kind}
          unit={unit}
          vitals={screen.list.data}
          feverThresholdC={user?.feverThresholdC ?? DEFAULT_FEVER_THRESHOLD_C}
        />
        <RecordScreenList
          screen={screen}
          renderItem={(vital) => (
            <VitalCard
              vital={vital}
              unit={unit}
              growth={placed.get(vital.id)}
              onFeverCard={() => onFever(vital)}
              {...screen.cardActions(vital)}
            />
          )}
        />
        <RecordScreenDialogs screen={screen} />
      </div>
    </VitalTabContext.Provider>
  );
}
