import { lazy, Suspense, useEffect, useState } from "react";
import { UnsavedChangesHost } from "@/client/components/forms/unsaved-changes";
import { TooltipProvider } from "@/client/components/ui/tooltip";
import type { AuthUser } from "@/client/lib/auth";
import { onSignOutRequested } from "@/client/lib/auth";
import { ChildFilterProvider } from "@/client/lib/child-filter";
import { useFamilyChanges } from "@/client/lib/family-changes";
import { useSessionExpired } from "@/client/lib/session-expiry";
import { useKeptAnswers } from "@/client/lib/use-kept-answers";
import { AppRoutes } from "./app-routes";
import { AppShell } from "./app-shell";

/** Loaded only when a save finds the session ended: it holds the sign-in form and its libraries. */
// Saves kept on this device, shown once the page is up: they are read from the device's store anyway.
const PendingSaves = lazy(() =>
  import("@/client/components/pending/pending-saves").then((m) => ({ default: m.PendingSaves })),
);
// Shown only when this person's place in the family changes: loaded then, not with the shell.
const AccessChangedNotice = lazy(() =>
  import("./access-changed-notice").then((m) => ({ default: m.AccessChangedNotice })),
);
const NoLongerInFamily = lazy(() =>
  import("./no-longer-in-family").then((m) => ({ default: m.NoLongerInFamily })),
);
const SessionExpiredDialog = lazy(() =>
  import("./session-expired-dialog").then((m) => ({ default: m.SessionExpiredDialog })),
);
// Loaded when a Sign Out link is followed: it may ask first, and forgets what this device keeps.
const SignOutDialog = lazy(() => import("./sign-out-dialog").then((m) => ({ default: m.SignOutDialog })));

/** Whether signing out was asked for (a Sign Out link), and how to take it back ("Stay signed in"). */
function useSignOutRequest() {
  const [asked, setAsked] = useState(0);
  useEffect(() => onSignOutRequested(() => setAsked((count) => count + 1)), []);
  return { asked, stay: () => setAsked(0) };
}

/**
 * Everything only a signed-in person sees, in a chunk of its own: the landing page does not load
 * the shell, its menus and dialogs, or the forms' libraries.
 */
export function SignedInApp({ user }: { user: AuthUser }) {
  const sessionExpired = useSessionExpired();
  // Another member's changes reach this page within seconds, and so does a change of this person's
  // own place in the family.
  const access = useFamilyChanges(user);
  // With no connection, the answers this device kept are restored before the screens ask for them.
  const restoring = useKeptAnswers(user);
  const signOut = useSignOutRequest();
  const signingOut = signOut.asked ? (
    <Suspense fallback={null}>
      <SignOutDialog key={signOut.asked} user={user} onStay={signOut.stay} />
    </Suspense>
  ) : null;
  if (access.removed) {
    return (
      <Suspense fallback={null}>
        <NoLongerInFamily familyName={user.familyName} />
        {signingOut}
      </Suspense>
    );
  }
  if (restoring) return null;
  return (
    // Keyed by person and family: signing in as someone else, or switching family, starts every
    // screen afresh (no form, dialog or child choice of the previous family stays open).
    <ChildFilterProvider key={`${user.id}:${user.familyId}`}>
      <TooltipProvider delayDuration={300}>
        <AppShell user={user}>
          {access.notice ? (
            <Suspense fallback={null}>
              <AccessChangedNotice text={access.notice} onDismiss={access.dismissNotice} />
            </Suspense>
          ) : null}
          <AppRoutes />
        </AppShell>
        {/* A save that found the session ended asks to sign in again here, keeping the page. */}
        {sessionExpired ? (
          <Suspense fallback={null}>
            <SessionExpiredDialog user={user} />
          </Suspense>
        ) : null}
        {/* Asks before unsaved typing is thrown away (closing a form, leaving the page). */}
        <UnsavedChangesHost />
        {/* Entries saved while the connection was down (sent when it is back, shown until then), and
            a device clock off from the server's. */}
        <Suspense fallback={null}>
          <PendingSaves />
        </Suspense>
        {signingOut}
      </TooltipProvider>
    </ChildFilterProvider>
  );
}
