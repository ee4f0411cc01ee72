import { useQuery } from "@tanstack/react-query";
import { Droplets, Pill } from "lucide-react";
import { Link } from "wouter";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { Button } from "@/client/components/ui/button";
import { useChildFilter } from "@/client/lib/child-filter";
import type { Child } from "@/client/lib/children-api";
import { toDateOnly } from "@/client/lib/format";
import { useCan } from "@/client/lib/permissions";
import { tonightsBagHref } from "@/client/lib/pn-api";
import { isMedicationActive } from "@/domain/medication-status";
import { childListParams, type Medication, medicationsApi, type TpnEntry, tpnApi } from "../api";
import { showsSeveralChildren } from "../item-child";
import {
  AddLink,
  CardEmpty,
  CardLink,
  CardLoadError,
  CardRowsSkeleton,
  DashboardCard,
} from "./dashboard-card";
import { ItemChild } from "./item-child";

const MAX_MEDICATIONS = 8;

/** "1200.00" -> "1,200"; a dash when the amount was not recorded. */
function amount(value: string | number | null): string {
  if (value === null || value === "") return "—";
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: 2 }) : String(value);
}

/** One child's TPN of today: the amounts, or a way to record them (`recordLink`, for a role that may). */
function ChildTpnToday({ child, recordLink }: { child: Child; recordLink: boolean }) {
  const canWrite = useCan("write");
  const entries = useQuery({ ...tpnApi.listOptions({ childId: child.id }), staleTime: 0 });
  if (entries.isLoading) return <CardRowsSkeleton rows={2} />;
  if (entries.isError) return <CardLoadError onRetry={() => entries.refetch()} />;
  const offerToRecord = recordLink && canWrite;

  const today = toDateOnly();
  const entry: TpnEntry | undefined = entries.data?.find((e) => e.date === today);
  if (!entry) {
    return offerToRecord ? (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-border border-dashed p-4">
        <p className="text-muted-foreground text-sm">No TPN entry for today yet.</p>
        <Button asChild size="sm">
          <Link href={tonightsBagHref(child.id)}>Record today's TPN</Link>
        </Button>
      </div>
    ) : (
      <p className="text-muted-foreground text-sm">No TPN entry for today yet.</p>
    );
  }
  return (
    <dl className="grid grid-cols-3 gap-2">
      {[
        { label: "Calories", value: amount(entry.calories), unit: "kcal" },
        { label: "Volume", value: amount(entry.volume), unit: "mL" },
        {
          label: "Duration",
          value: amount(entry.duration),
          unit: entry.duration === 1 ? "hour" : "hours",
        },
      ].map(({ label, value, unit }) => (
        <div key={label} className="min-w-0 rounded-lg bg-blue-50 px-3 py-2">
          <dt className="text-blue-900/80 text-xs">{label}</dt>
          <dd className="break-words font-semibold text-blue-950">
            {value} {value === "—" ? null : <span className="font-normal text-xs">{unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Today's TPN of the header's chosen child, else of the family's only child; while the header
 * shows every child of a family of two or more, each child's, under their name.
 */
function TodayTpn() {
  const view = useChildFilter();
  const { selectedChild, children } = view;
  const child = selectedChild ?? (children.length === 1 ? children[0] : null) ?? null;

  if (view.isLoading) return <CardRowsSkeleton rows={2} />;
  if (child) return <ChildTpnToday child={child} recordLink />;
  if (!showsSeveralChildren(view)) {
    return (
      <CardEmpty action={<AddLink href="/children">Add a child profile</AddLink>}>
        TPN is tracked per child. Add your child's profile to start.
      </CardEmpty>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border">
      {children.map((c) => (
        <li key={c.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
          <p className="flex items-center gap-2 font-medium">
            <ChildAvatar name={c.name} color={c.avatarColor} size="sm" />
            <span className="min-w-0 break-words">{c.name}</span>
          </p>
          <ChildTpnToday child={c} recordLink={false} />
        </li>
      ))}
    </ul>
  );
}

function ActiveMedications() {
  const { childId } = useChildFilter();
  const medications = useQuery({ ...medicationsApi.listOptions(childListParams(childId)), staleTime: 0 });
  if (medications.isLoading) return <CardRowsSkeleton />;
  if (medications.isError) return <CardLoadError onRetry={() => medications.refetch()} />;

  const today = toDateOnly();
  const active: Medication[] = (medications.data ?? []).filter((m) => isMedicationActive(m, today));
  if (active.length === 0)
    return (
      <CardEmpty action={<AddLink href="/medications">Add a medication</AddLink>}>
        No active medications.
      </CardEmpty>
    );
  const more = active.length - MAX_MEDICATIONS;
  return (
    <ul className="flex flex-col divide-y divide-border">
      {active.slice(0, MAX_MEDICATIONS).map((m) => (
        <li key={m.id} className="py-2.5 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 break-words font-medium">{m.name}</p>
            <ItemChild childId={m.childId} />
          </div>
          <p className="break-words text-muted-foreground text-sm">
            {m.dosage} · {m.frequency}
          </p>
        </li>
      ))}
      {more > 0 ? <li className="pt-2.5 text-muted-foreground text-sm">and {more} more</li> : null}
    </ul>
  );
}

/** Today's TPN for the child in view (or each child) and every active medication, side by side on wide screens. */
export function TodayCareCard({ className }: { className?: string }) {
  return (
    <DashboardCard
      title="Today's TPN & Medications"
      icon={Droplets}
      tint="bg-blue-50 text-blue-700"
      className={className}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="today-tpn-heading" className="flex min-w-0 flex-col gap-3">
          <div className="flex items-center justify-between gap-3">
            <h3 id="today-tpn-heading" className="font-semibold text-sm">
              TPN today
            </h3>
            <CardLink href="/tpn-nutrition">TPN entries</CardLink>
          </div>
          <TodayTpn />
        </section>
        <section
          aria-labelledby="active-medications-heading"
          className="flex min-w-0 flex-col gap-3 border-border border-t pt-5 md:border-t-0 md:border-l md:pt-0 md:pl-6"
        >
          <div className="flex items-center justify-between gap-3">
            <h3 id="active-medications-heading" className="flex items-center gap-1.5 font-semibold text-sm">
              <Pill aria-hidden="true" className="size-4 text-muted-foreground" />
              Active medications
            </h3>
            <CardLink href="/medications">All medications</CardLink>
          </div>
          <ActiveMedications />
        </section>
      </div>
    </DashboardCard>
  );
}
