import { Activity, Droplets, FileHeart, type LucideIcon, TriangleAlert, UserPlus } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { useCan } from "@/client/lib/permissions";

/** Each goes to its screen with the add form open (`?add=1`); the care summary is a page to print. */
const QUICK_ACTIONS: readonly {
  label: string;
  href: string;
  icon: LucideIcon;
  tint: string;
  /** The action adds a record: not offered to a role that only reads. */
  writes?: true;
}[] = [
  {
    label: "Add Care Team Member",
    href: "/care-team?add=1",
    writes: true,
    icon: UserPlus,
    tint: "text-blue-700 bg-blue-50",
  },
  {
    label: "Add TPN Entry",
    href: "/tpn-nutrition?add=1",
    writes: true,
    icon: Droplets,
    tint: "text-emerald-700 bg-emerald-50",
  },
  {
    label: "Record Allergies",
    href: "/medical-allergies?add=1",
    writes: true,
    icon: TriangleAlert,
    tint: "text-amber-800 bg-amber-50",
  },
  {
    label: "Track Symptoms",
    href: "/symptoms-pain?add=1",
    writes: true,
    icon: Activity,
    tint: "text-rose-700 bg-rose-50",
  },
  {
    label: "Care Summary for the ER",
    href: "/care-summary",
    icon: FileHeart,
    tint: "text-red-700 bg-red-50",
  },
];

/** Shortcuts to the forms used most, and to the care summary: a role that only reads gets the summary. */
export function QuickActionsCard() {
  const canWrite = useCan("write");
  const actions = QUICK_ACTIONS.filter((action) => canWrite || !action.writes);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
          {actions.map(({ label, href, icon: Icon, tint }) => (
            <li key={href}>
              <Link
                href={href}
                className="flex min-h-14 items-center gap-3 rounded-lg border border-border bg-card px-3 py-2 font-medium transition-colors hover:border-blue-200 hover:bg-accent"
              >
                <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tint}`}>
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
