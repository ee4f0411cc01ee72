import { useQuery } from "@tanstack/react-query";
import { Bandage, Cable } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { CarePills } from "@/client/components/line-care/care-pills";
import { useOnceTrue } from "@/client/components/record-screen/record-screen-parts";
import { Button } from "@/client/components/ui/button";
import type { Child } from "@/client/lib/children-api";
import { formatCardDate } from "@/client/lib/format";
import { careStatusOptions, lastDressingOptions, type PiccLine } from "@/client/lib/line-care-api";
import { PAGE_CHILD_PARAM } from "@/client/lib/page-child";
import { useCan } from "@/client/lib/permissions";
import { CardLoadError, CardRowsSkeleton, DashboardCard } from "../components/dashboard-card";
import { useLinesInPlace } from "./use-lines-in-place";

// The form loads on the first tap: the card itself stays small.
const DressingChangedDialog = lazy(() =>
  import("./dressing-changed-dialog").then((m) => ({ default: m.DressingChangedDialog })),
);

/** "Sofia", "Sofia · line of Oct 28, 2026": whose line a row is, when the card shows more than one. */
const rowName = (child: Child, line: PiccLine, several: boolean, named: boolean) =>
  [named ? child.name : null, several ? `line of ${formatCardDate(line.insertionDate)}` : null]
    .filter(Boolean)
    .join(" · ");

/**
 * For each child in view with a line in place: its dressing, connector, tubing and lock as pills,
 * and "Dressing changed", logged in two taps. Nothing while no child has a line in.
 */
export function LineCareCard() {
  const { shown, rows } = useLinesInPlace();
  const canWrite = useCan("write");
  const [dressing, setDressing] = useState<{ open: boolean; line: PiccLine; child: Child } | null>(null);
  const dialogOpened = useOnceTrue(dressing?.open === true);
  if (rows.length === 0) return null;
  const only = shown.length === 1 ? shown[0] : null;
  return (
    // Marked for the browser tests' accessibility check of this card alone.
    <div data-line-care-card="">
      <DashboardCard
        title="Line care"
        icon={Cable}
        tint="bg-rose-50 text-rose-700"
        href={only ? `/picc-lines?${PAGE_CHILD_PARAM}=${only.id}` : "/picc-lines"}
        linkLabel="PICC Lines"
      >
        <ul className="flex flex-col divide-y divide-border">
          {rows.map(({ child, line, several }) => (
            <LineRow
              key={line.id}
              child={child}
              line={line}
              name={rowName(child, line, several, shown.length > 1)}
              onDressing={canWrite ? () => setDressing({ open: true, line, child }) : undefined}
            />
          ))}
        </ul>
        <Suspense fallback={null}>
          {dialogOpened && dressing ? (
            <DressingChangedDialog
              open={dressing.open}
              onOpenChange={(open) => setDressing({ ...dressing, open })}
              line={dressing.line}
              childName={dressing.child.name}
            />
          ) : null}
        </Suspense>
      </DashboardCard>
    </div>
  );
}

function LineRow({
  child,
  line,
  name,
  onDressing,
}: {
  child: Child;
  line: PiccLine;
  name: string;
  onDressing?: () => void;
}) {
  const status = useQuery(careStatusOptions(line.id));
  // Asked now, so the dialog opens with last time's dressing chosen.
  useQuery({ ...lastDressingOptions(line.id), enabled: onDressing !== undefined });
  const whose = name || `${child.name}'s line`;
  // The main action of the card while the dressing is due or late.
  const dressingDue = status.data?.some((s) => s.kind === "dressing" && s.state !== "ok") ?? false;
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0">
      {name ? (
        <p className="flex items-center gap-2 font-medium">
          <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
          <span className="min-w-0 break-words">{name}</span>
        </p>
      ) : null}
      {status.isLoading ? <CardRowsSkeleton rows={2} /> : null}
      {status.isError ? <CardLoadError onRetry={() => status.refetch()} /> : null}
      {status.data ? <CarePills statuses={status.data} label={`Line care of ${whose}`} /> : null}
      {onDressing ? (
        <Button
          variant={dressingDue ? "default" : "outline"}
          className="self-start"
          aria-label={`Dressing changed, ${whose}`}
          onClick={onDressing}
        >
          <Bandage aria-hidden="true" />
          Dressing changed
        </Button>
      ) : null}
    </li>
  );
}
