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

/**
 * One tap to the form: what a parent logs most, at the top of the dashboard on a phone. Each
 * opens a form with today, now, the child shown (or the only child) and quantity 1 filled in.
 */
export function QuickLogBar({ className }: { className?: string }) {
  const { selectedChild, children } = useChildFilter();
  const childId = selectedChild?.id ?? (children.length === 1 ? (children[0]?.id ?? null) : null);
  const [open, setOpen] = useState<"medication" | "supply" | null>(null);
  const close = (next: boolean) => (next ? undefined : setOpen(null));
  const medicationOpened = useOnceTrue(open === "medication");
  const supplyOpened = useOnceTrue(open === "supply");
  return (
    <section aria-labelledby="quick-log-title" className={className}>
      <h2
        id="quick-log-title"
        className="mb-2 font-semibold text-muted-foreground text-sm uppercase tracking-wide"
      >
        Log now
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {LINKS.map(({ label, href, icon: Icon, tint }) => (
          <li key={href}>
            <Link href={href} className={tile}>
              <Icon aria-hidden="true" className={cn("size-5", tint)} />
              {label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={cn(tile, "w-full cursor-pointer")}
            onClick={() => setOpen("medication")}
          >
            <Pill aria-hidden="true" className="size-5 text-blue-700" />
            Medication given
          </button>
        </li>
        <li>
          <button
            type="button"
            className={cn(tile, "w-full cursor-pointer")}
            onClick={() => setOpen("supply")}
          >
            <Package aria-hidden="true" className="size-5 text-amber-700" />
            Supply used
          </button>
        </li>
        <li>
          <Link href="/notes?add=1" className={tile}>
            <NotebookPen aria-hidden="true" className="size-5 text-slate-700" />
            Note
          </Link>
        </li>
      </ul>
      <Suspense fallback={null}>
        {medicationOpened ? (
          <MedicationGivenDialog open={open === "medication"} onOpenChange={close} childId={childId} />
        ) : null}
        {supplyOpened ? <SupplyUsedDialog open={open === "supply"} onOpenChange={close} /> : null}
      </Suspense>
    </section>
  );
}
