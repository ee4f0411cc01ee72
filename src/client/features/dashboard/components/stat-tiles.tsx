import { useQuery } from "@tanstack/react-query";
import {
  Activity,
  CalendarCheck,
  Droplets,
  FlaskConical,
  type LucideIcon,
  TriangleAlert,
  Users,
} from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useChildFilter } from "@/client/lib/child-filter";
import { type DashboardStats, statsQueryOptions } from "../api";

const TILES: readonly {
  key: keyof DashboardStats;
  label: string;
  href: string;
  icon: LucideIcon;
  tint: string;
}[] = [
  {
    key: "tpnEntries",
    label: "TPN Entries",
    href: "/tpn-nutrition",
    icon: Droplets,
    tint: "bg-blue-50 text-blue-700",
  },
  {
    key: "specialistVisits",
    label: "Specialist Visits",
    href: "/specialist-visits",
    icon: CalendarCheck,
    tint: "bg-emerald-50 text-emerald-700",
  },
  {
    key: "labTests",
    label: "Lab Tests",
    href: "/lab-tests",
    icon: FlaskConical,
    tint: "bg-violet-50 text-violet-700",
  },
  {
    key: "symptomEntries",
    label: "Symptom Entries",
    href: "/symptoms-pain",
    icon: Activity,
    tint: "bg-rose-50 text-rose-700",
  },
  {
    key: "medicalAllergies",
    label: "Medical Allergies",
    href: "/medical-allergies",
    icon: TriangleAlert,
    tint: "bg-amber-50 text-amber-800",
  },
  {
    key: "careTeamMembers",
    label: "Care Team Members",
    href: "/care-team",
    icon: Users,
    tint: "bg-sky-50 text-sky-700",
  },
];

const gridClassName = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6";

/** The six counts, each a link to its screen; for the header's chosen child when there is one. */
export function StatTiles() {
  const { childId } = useChildFilter();
  const stats = useQuery(statsQueryOptions(childId));

  if (stats.isLoading) {
    return (
      <div className={gridClassName} role="status" aria-label="Loading counts">
        {TILES.map(({ key }) => (
          <div key={key} className="rounded-xl border border-border bg-card p-4">
            <div className="flex items-center justify-between gap-2">
              <Skeleton className="h-7 w-10" />
              <Skeleton className="size-9 rounded-lg" />
            </div>
            <Skeleton className="mt-2 h-4 w-24 max-w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
      >
        The counts could not be loaded.
        <Button variant="outline" size="sm" onClick={() => stats.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ul className={gridClassName}>
      {TILES.map(({ key, label, href, icon: Icon, tint }) => {
        const count = stats.data?.[key] ?? 0;
        return (
          <li key={key} className="min-w-0">
            <Link
              href={href}
              aria-label={`${label}: ${count}`}
              className="flex h-full flex-col rounded-xl border border-border bg-card p-3.5 shadow-sm transition-colors sm:p-4 hover:border-blue-200 hover:bg-accent"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-bold text-2xl text-foreground tabular-nums">{count}</span>
                <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${tint}`}>
                  <Icon aria-hidden="true" className="size-5" />
                </span>
              </span>
              <span className="mt-1 text-muted-foreground text-sm leading-snug">{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
