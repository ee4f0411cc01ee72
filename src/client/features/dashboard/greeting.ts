import type { AuthUser } from "@/client/lib/auth";
import { type ShownChildren, whoseCare } from "@/client/lib/whose-care";

/**
 * The dashboard's subtitle: 'Welcome, Ana.' on the account's first visit (the session its sign-up
 * started), 'Welcome back, Ana.' from the next sign-in on; no greeting without a first name. Then
 * whose care the page shows: the child the header shows (or the only child), "your children's"
 * with all of several shown; without child profiles, the child named in the profile, else "your
 * child's".
 */
export function dashboardSubtitle(
  user: Pick<AuthUser, "firstName" | "childName" | "firstVisit"> | null | undefined,
  shown: ShownChildren = { selectedChild: null, children: [] },
): string {
  const firstName = user?.firstName?.trim();
  const childName = user?.childName?.trim();
  const welcome = firstName ? `${user?.firstVisit ? "Welcome" : "Welcome back"}, ${firstName}. ` : "";
  const whose = whoseCare(shown) ?? (childName ? `${childName}'s` : "your child's");
  return `${welcome}Here is ${whose} care at a glance.`;
}
