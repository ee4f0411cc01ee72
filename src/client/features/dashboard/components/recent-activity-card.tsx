import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";

/** Onboarding hints, not real data (spec: a fixed list labelled 'Just now' to '4 min ago'). */
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

export function RecentActivityCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-4">
          {ONBOARDING_HINTS.map(({ when, text, dot }) => (
            <li key={when} className="flex items-start gap-3">
              <span aria-hidden="true" className={`mt-2 size-2 shrink-0 rounded-full ${dot}`} />
              <div className="min-w-0">
                <p>{text}</p>
                <p className="text-muted-foreground text-sm">{when}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
