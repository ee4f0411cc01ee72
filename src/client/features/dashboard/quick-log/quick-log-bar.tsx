import {
  Activity,
  Bandage,
  Cable,
  Droplets,
  GlassWater,
  type LucideIcon,
  NotebookPen,
  Package,
  Pill,
  Scale,
  Thermometer,
} from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { useOnceTrue } from "@/client/components/record-screen/record-screen-parts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { useChildFilter } from "@/client/lib/child-filter";
import { tonightsBagHref } from "@/client/lib/pn-api";
import { cn } from "@/client/lib/utils";

// Loaded on the first tap: the dashboard itself does not carry the forms' libraries.
const MedicationGivenDialog = lazy(() =>
  import("./medication-given-dialog").then((m) => ({ default: m.MedicationGivenDialog })),
);
const SupplyUsedDialog = lazy(() =>
  import("./supply-used-dialog").then((m) => ({ default: m.SupplyUsedDialog })),
);
const QuickVitalDialog = lazy(() => import("./vital-dialog").then((m) => ({ default: m.QuickVitalDialog })));
const QuickFluidDialog = lazy(() => import("./fluid-dialog").then((m) => ({ default: m.QuickFluidDialog })));
const QuickDressing = lazy(() =>
  import("../line-care/quick-dressing").then((m) => ({ default: m.QuickDressing })),
);

const tile =
  "flex h-full min-h-16 flex-col items-center justify-center gap-1 rounded-xl border border-border bg-card px-2 py-2 text-center font-medium text-sm shadow-xs transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40";

/**
 * TPN today for one child: tonight's bag filled in from the prescription in force, or the empty
 * add form when there is none (`?bag=1`, TPN Nutrition decides once it knows the prescription).
 */
export const tpnTodayHref = (childId: string) => tonightsBagHref(childId);

export type QuickLogDialog =
  | "medication"
  | "supply"
  | "tpn"
  | "temperature"
  | "weight"
  | "dressing"
  | "line-care"
  | "feed"
  | "output";

/**
 * The eight things a parent logs most, as tiles: a temperature first (a fever with a central line
 * cannot wait), links to other screens' add forms, and buttons that open the quick dialogs
 * through `onOpen`; "Line care" logs any kind of a line's care in one more tap. `onNavigate` runs
 * when a link is followed. With `dressing` (Log now's sheet), three more: "Dressing changed" (the
 * dashboard has it on its line-care card), and "Feed" and "Output" for Intake & Output (a feed
 * or an ostomy emptied as last time, in two taps).
 */
export function QuickLogTiles({
  onOpen,
  onNavigate,
  dressing = false,
}: {
  onOpen: (dialog: QuickLogDialog) => void;
  onNavigate?: () => void;
  dressing?: boolean;
}) {
  const { selectedChild, children } = useChildFilter();
  const childId = selectedChild?.id ?? (children.length === 1 ? (children[0]?.id ?? null) : null);
  return (
    <ul className={cn("grid grid-cols-3 gap-2 min-[380px]:grid-cols-4", !dressing && "md:grid-cols-8")}>
      <li>
        <button
          type="button"
          className={cn(tile, "w-full cursor-pointer")}
          onClick={() => onOpen("temperature")}
        >
          <TileLabel label="Temperature" icon={Thermometer} tint="text-red-700" />
        </button>
      </li>
      <li>
        {!childId && children.length > 1 ? (
          // Several children and none chosen in the header: TPN belongs to one of them, so ask
          // whose (never a silent pick). With one chosen, it is that child's.
          <button type="button" className={cn(tile, "w-full cursor-pointer")} onClick={() => onOpen("tpn")}>
            <TileLabel label="TPN today" icon={Droplets} tint="text-emerald-700" />
          </button>
        ) : (
          <Link
            href={childId ? tpnTodayHref(childId) : "/tpn-nutrition?add=1"}
            className={tile}
            onClick={onNavigate}
          >
            <TileLabel label="TPN today" icon={Droplets} tint="text-emerald-700" />
          </Link>
        )}
      </li>
      <li>
        <Link href="/symptoms-pain?add=1" className={tile} onClick={onNavigate}>
          <TileLabel label="Symptom" icon={Activity} tint="text-rose-700" />
        </Link>
      </li>
      <li>
        <button
          type="button"
          className={cn(tile, "w-full cursor-pointer")}
          onClick={() => onOpen("medication")}
        >
          <Pill aria-hidden="true" className="size-5 text-blue-700" />
          Medication given
        </button>
      </li>
      <li>
        <button type="button" className={cn(tile, "w-full cursor-pointer")} onClick={() => onOpen("supply")}>
          <Package aria-hidden="true" className="size-5 text-amber-700" />
          Supply used
        </button>
      </li>
      <li>
        <button type="button" className={cn(tile, "w-full cursor-pointer")} onClick={() => onOpen("weight")}>
          <TileLabel label="Weight" icon={Scale} tint="text-indigo-700" />
        </button>
      </li>
      <li>
        <Link href="/notes?add=1" className={tile} onClick={onNavigate}>
          <NotebookPen aria-hidden="true" className="size-5 text-slate-700" />
          Note
        </Link>
      </li>
      <li>
        <button
          type="button"
          className={cn(tile, "w-full cursor-pointer")}
          onClick={() => onOpen("line-care")}
        >
          <TileLabel label="Line care" icon={Cable} tint="text-rose-700" />
        </button>
      </li>
      {dressing ? (
        <li>
          <button
            type="button"
            className={cn(tile, "w-full cursor-pointer")}
            onClick={() => onOpen("dressing")}
          >
            <Bandage aria-hidden="true" className="size-5 text-rose-700" />
            Dressing changed
          </button>
        </li>
      ) : null}
      {dressing ? (
        <>
          <li>
            <button
              type="button"
              className={cn(tile, "w-full cursor-pointer")}
              onClick={() => onOpen("feed")}
            >
              <TileLabel label="Feed" icon={GlassWater} tint="text-sky-700" />
            </button>
          </li>
          <li>
            <button
              type="button"
              className={cn(tile, "w-full cursor-pointer")}
              onClick={() => onOpen("output")}
            >
              <TileLabel label="Output" icon={GlassWater} tint="text-amber-700" />
            </button>
          </li>
        </>
      ) : null}
    </ul>
  );
}

/**
 * The quick dialogs, each loaded on its first opening. They open with today, now, the child
 * shown (or the only child) and quantity 1 filled in.
 */
export function QuickLogDialogs({ open, onClose }: { open: QuickLogDialog | null; onClose: () => void }) {
  const { selectedChild, children } = useChildFilter();
  const childId = selectedChild?.id ?? (children.length === 1 ? (children[0]?.id ?? null) : null);
  const close = (next: boolean) => (next ? undefined : onClose());
  const medicationOpened = useOnceTrue(open === "medication");
  const supplyOpened = useOnceTrue(open === "supply");
  const temperatureOpened = useOnceTrue(open === "temperature");
  const weightOpened = useOnceTrue(open === "weight");
  const dressingOpened = useOnceTrue(open === "dressing");
  const lineCareOpened = useOnceTrue(open === "line-care");
  const feedOpened = useOnceTrue(open === "feed");
  const outputOpened = useOnceTrue(open === "output");
  return (
    <Suspense fallback={null}>
      {medicationOpened ? (
        <MedicationGivenDialog open={open === "medication"} onOpenChange={close} childId={childId} />
      ) : null}
      {supplyOpened ? <SupplyUsedDialog open={open === "supply"} onOpenChange={close} /> : null}
      {temperatureOpened ? (
        <QuickVitalDialog
          kind="temperature"
          open={open === "temperature"}
          onOpenChange={close}
          childId={childId}
        />
      ) : null}
      {weightOpened ? (
        <QuickVitalDialog kind="weight" open={open === "weight"} onOpenChange={close} childId={childId} />
      ) : null}
      {dressingOpened ? <QuickDressing open={open === "dressing"} onOpenChange={close} /> : null}
      {lineCareOpened ? <QuickDressing all open={open === "line-care"} onOpenChange={close} /> : null}
      {feedOpened ? (
        <QuickFluidDialog kind="in" open={open === "feed"} onOpenChange={close} childId={childId} />
      ) : null}
      {outputOpened ? (
        <QuickFluidDialog kind="out" open={open === "output"} onOpenChange={close} childId={childId} />
      ) : null}
      <TpnChildDialog open={open === "tpn"} onOpenChange={close} shownChildId={selectedChild?.id ?? null} />
    </Suspense>
  );
}

/** One tap to the form: what a parent logs most, at the top of the dashboard at every width. */
export function QuickLogBar({ className }: { className?: string }) {
  const [open, setOpen] = useState<QuickLogDialog | null>(null);
  return (
    <section aria-labelledby="quick-log-title" className={className}>
      <h2
        id="quick-log-title"
        className="mb-2 font-semibold text-muted-foreground text-sm uppercase tracking-wide"
      >
        Log now
      </h2>
      <QuickLogTiles onOpen={setOpen} />
      <QuickLogDialogs open={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function TileLabel({ label, icon: Icon, tint }: { label: string; icon: LucideIcon; tint: string }) {
  return (
    <>
      <Icon aria-hidden="true" className={cn("size-5", tint)} />
      {label}
    </>
  );
}

/** 'TPN today for which child?': one button per child, the one the header shows first. */
function TpnChildDialog({
  open,
  onOpenChange,
  shownChildId,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  shownChildId: string | null;
}) {
  const { children } = useChildFilter();
  const ordered = [...children].sort((a, b) => Number(b.id === shownChildId) - Number(a.id === shownChildId));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>TPN today for which child?</DialogTitle>
          <DialogDescription>The entry is saved on this child's TPN record.</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2">
          {ordered.map((child) => (
            <li key={child.id}>
              <Link
                href={tpnTodayHref(child.id)}
                onClick={() => onOpenChange(false)}
                className="flex min-h-12 items-center gap-3 rounded-lg border border-border px-3 py-2 font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
              >
                <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
                For {child.name}
              </Link>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
