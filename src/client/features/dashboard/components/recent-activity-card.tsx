import { useQuery } from "@tanstack/react-query";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { useAuth } from "@/client/lib/auth";
import { formatListDate } from "@/client/lib/format";
import { activityText, activityTime } from "../activity-text";
import { activityQueryOptions } from "../api";
import { CardRowsSkeleton } from "./dashboard-card";

/** Onboarding hints for a family with no changes yet (spec: labelled 'Just now' to '4 min ago'). */
const ONBOARDING_HINTS: readonly { when: string; text: string; dot: string }[] = [
  { when: "Just now", text: "Welcome to your TPN tracker dashboard.", dot: "bg-blue-500" },
  {
    when: "1 min ago",
    text: "Add your care team members so their contacts are always at hand.",
    dot: "bg-emerald-500",
  },
  { when: "2 min ago", text: "Add your first TPN entry to start tracking nutrition.", dot: "bg-violet-500" },
  { when: "3 min ago", text: "Record any medical allergies.", dot: "bg-amber-500" },
  { when: "4 min ago", text: "Track symptoms daily to spot patterns early.", dot: "bg-rose-500" },
];

const ACTION_DOTS = { create: "bg-emerald-500", update: "bg-blue-500", delete: "bg-rose-500" } as const;

function ActivityRow({
  text,
  when,
  dot,
  dateTime,
}: {
  text: string;
  when: string;
  dot: string;
  dateTime?: string;
}) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className={`mt-2 size-2 shrink-0 rounded-full ${dot}`} />
      <div className="min-w-0">
        <p className="break-words">{text}</p>
        <p className="text-muted-foreground text-sm">
          {dateTime ? (
            <time dateTime={dateTime} title={formatListDate(dateTime)}>
              {when}
            </time>
          ) : (
            when
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * The family's latest five changes, each naming who made it ("Grace added ...", "You changed ..."); the
 * onboarding hints until there are any (or if they cannot load).
 */
export function RecentActivityCard() {
  const activity = useQuery(activityQueryOptions);
  const viewerId = useAuth().user?.id ?? null;
  const items = activity.data ?? [];
  const now = new Date();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isLoading ? (
          <CardRowsSkeleton rows={5} />
        ) : (
          <ol className="flex flex-col gap-4">
            {items.length
              ? items.map((item) => (
                  <ActivityRow
                    key={item.id}
                    text={activityText(item, viewerId)}
                    when={activityTime(item.createdAt, now)}
                    dateTime={item.createdAt}
                    dot={ACTION_DOTS[item.action] ?? "bg-slate-400"}
                  />
                ))
              : ONBOARDING_HINTS.map(({ when, text, dot }) => (
                  <ActivityRow key={when} text={text} when={when} dot={dot} />
                ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
