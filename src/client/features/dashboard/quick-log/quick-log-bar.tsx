import { Activity, Droplets, type LucideIcon, NotebookPen, Package, Pill } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { useOnceTrue } from "@/client/components/record-screen/record-screen-parts";
import { useChildFilter } from "@/client/lib/child-filter";
import { cn } from "@/client/lib/utils";

// Loaded on the first tap: the dashboard itself does not carry the forms' libraries.
const MedicationGivenDialog = lazy(() =>
  import("./medication-given-dialog").then((m) => ({ default: m.MedicationGivenDialog })),
);
const SupplyUsedDialog = lazy(() =>
  import("./supply-used-dialog").then((m) => ({ default: m.SupplyUsedDialog })),
);

const tile =
  "flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl border border-border bg-card px-2 py-2 text-center font-medium text-sm shadow-xs transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40";

/** Forms of other screens, opened with their add form showing (`?add=1`). */
const LINKS: readonly { label: string; href: string; icon: LucideIcon; tint: string }[] = [
  { label: "TPN today", href: "/tpn-nutrition?add=1", icon: Droplets, tint: "text-emerald-700" },
  { label: "Symptom", href: "/symptoms-pain?add=1", icon: Activity, tint: "text-rose-700" },
];

export type QuickLogDialog = "medication" | "supply";

/**
 * The five things a parent logs most, as tiles: links to other screens' add forms, and buttons
 * that open the two quick dialogs through `onOpen`. `onNavigate` runs when a link is followed.
 */
export function QuickLogTiles({
  onOpen,
  onNavigate,
}: {
  onOpen: (dialog: QuickLogDialog) => void;
  onNavigate?: () => void;
}) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {LINKS.map(({ label, href, icon: Icon, tint }) => (
        <li key={href}>
          <Link href={href} className={tile} onClick={onNavigate}>
            <Icon aria-hidden="true" className={cn("size-5", tint)} />
            {label}
          </Link>
        </li>
      ))}
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
        <Link href="/notes?add=1" className={tile} onClick={onNavigate}>
          <NotebookPen aria-hidden="true" className="size-5 text-slate-700" />
          Note
        </Link>
      </li>
    </ul>
  );
}

/**
 * The two quick dialogs, each loaded on its first opening. They open with today, now, the child
 * shown (or the only child) and quantity 1 filled in.
 */
export function QuickLogDialogs({ open, onClose }: { open: QuickLogDialog | null; onClose: () => void }) {
  const { selectedChild, children } = useChildFilter();
  const childId = selectedChild?.id ?? (children.length === 1 ? (children[0]?.id ?? null) : null);
  const close = (next: boolean) => (next ? undefined : onClose());
  const medicationOpened = useOnceTrue(open === "medication");
  const supplyOpened = useOnceTrue(open === "supply");
  return (
    <Suspense fallback={null}>
      {medicationOpened ? (
        <MedicationGivenDialog open={open === "medication"} onOpenChange={close} childId={childId} />
      ) : null}
      {supplyOpened ? <SupplyUsedDialog open={open === "supply"} onOpenChange={close} /> : null}
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
