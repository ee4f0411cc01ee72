import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { CalendarCheck, Clock, MapPin } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { useChildFilter } from "@/client/lib/child-filter";
import { formatListDate, formatTime, parseDateValue, toDateOnly } from "@/client/lib/format";
import { childListParams, type SpecialistVisit, visitsApi } from "../api";
import { AddLink, CardEmpty, CardLoadError, CardRowsSkeleton, DashboardCard } from "./dashboard-card";
import { ItemChild } from "./item-child";

const MAX_ROWS = 5;

/** Soonest first; a visit without a time comes after the timed ones of its day. */
const bySoonest = (a: SpecialistVisit, b: SpecialistVisit) =>
  a.date.localeCompare(b.date) || (a.time ?? "99").localeCompare(b.time ?? "99");

/** Visits from today on (up to 5), then earlier visits whose follow-up is still written down. */
export function splitVisits(visits: readonly SpecialistVisit[], today: string) {
  const upcoming = visits.filter((v) => v.date >= today).sort(bySoonest);
  const followUps = visits
    .filter((v) => v.date < today && v.followUpNeeded?.trim())
    .sort((a, b) => bySoonest(b, a));
  return {
    upcoming: upcoming.slice(0, MAX_ROWS),
    moreUpcoming: Math.max(0, upcoming.length - MAX_ROWS),
    followUps,
  };
}

function VisitRow({ visit }: { visit: SpecialistVisit }) {
  const day = parseDateValue(visit.date);
  return (
    <li className="flex gap-3">
      <div
        aria-hidden="true"
        className="flex w-12 shrink-0 flex-col items-center rounded-lg bg-emerald-50 py-1.5 text-emerald-800"
      >
        <span className="font-medium text-xs uppercase">{format(day, "MMM")}</span>
        <span className="font-bold text-lg leading-none">{format(day, "dd")}</span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">
          {visit.doctorName} <span className="font-normal text-muted-foreground">· {visit.specialty}</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-muted-foreground text-sm">
          <span>{formatListDate(visit.date)}</span>
          {visit.time ? (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3.5" />
              {formatTime(visit.time)}
            </span>
          ) : null}
          {visit.location ? (
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="break-words">{visit.location}</span>
            </span>
          ) : null}
          <ItemChild childId={visit.childId} />
        </p>
        {visit.followUpNeeded ? (
          <p className="mt-1 flex items-start gap-1.5 text-sm">
            <Badge variant="warning">Follow-up</Badge>
            <span className="min-w-0 break-words">{visit.followUpNeeded}</span>
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function UpcomingVisitsCard() {
  const { childId } = useChildFilter();
  const visits = useQuery({ ...visitsApi.listOptions(childListParams(childId)), staleTime: 0 });
  const { upcoming, moreUpcoming, followUps } = splitVisits(visits.data ?? [], toDateOnly());

  return (
    <DashboardCard
      title="Upcoming Visits"
      icon={CalendarCheck}
      tint="bg-emerald-50 text-emerald-700"
      href="/specialist-visits"
      linkLabel="All visits"
    >
      {visits.isLoading ? (
        <CardRowsSkeleton />
      ) : visits.isError ? (
        <CardLoadError onRetry={() => visits.refetch()} />
      ) : upcoming.length === 0 && followUps.length === 0 ? (
        <CardEmpty action={<AddLink href="/specialist-visits">Add a visit</AddLink>}>
          No upcoming visits.
        </CardEmpty>
      ) : (
        <div className="flex flex-col gap-5">
          {upcoming.length ? (
            <ul className="flex flex-col gap-4">
              {upcoming.map((visit) => (
                <VisitRow key={visit.id} visit={visit} />
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">No visits coming up.</p>
          )}
          {moreUpcoming ? (
            <p className="-mt-2 text-muted-foreground text-sm">and {moreUpcoming} more coming up</p>
          ) : null}
          {followUps.length ? (
            <section aria-labelledby="follow-ups-heading" className="border-border border-t pt-4">
              <h3 id="follow-ups-heading" className="mb-3 font-semibold text-sm">
                Follow-up needed from earlier visits
              </h3>
              <ul className="flex flex-col gap-4">
                {followUps.map((visit) => (
                  <VisitRow key={visit.id} visit={visit} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </DashboardCard>
  );
}
