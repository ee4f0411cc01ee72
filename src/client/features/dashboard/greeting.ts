import type { AuthUser } from "@/client/lib/auth";

/**
 * The dashboard's subtitle: 'Welcome, Ana.' on the account's first visit (the session its sign-up
 * started), 'Welcome back, Ana.' from the next sign-in on; no greeting without a first name. Then
 * whose care the page shows: the child named in the profile, else "your child's".
 */
export function dashboardSubtitle(
  user: Pick<AuthUser, "firstName" | "childName" | "firstVisit"> | null | undefined,
): string {
  const firstName = user?.firstName?.trim();
  const childName = user?.childName?.trim();
  const welcome = firstName ? `${user?.firstVisit ? "Welcome" : "Welcome back"}, ${firstName}. ` : "";
  return `${welcome}Here is ${childName ? `${childName}'s` : "your child's"} care at a glance.`;
}
