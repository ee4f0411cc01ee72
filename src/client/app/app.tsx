import { lazy, Suspense } from "react";
import { UnsavedChangesHost } from "@/client/components/forms/unsaved-changes";
import { useAuth } from "@/client/lib/auth";
import { ChildFilterProvider } from "@/client/lib/child-filter";
import { AppProviders } from "./app-providers";
import { AppRoutes } from "./app-routes";
import { AppShell } from "./app-shell";
import { FullScreenLoading } from "./full-screen-message";
import { SessionExpiredDialog } from "./session-expired-dialog";

const LandingPage = lazy(() =>
  import("@/client/features/landing/landing-page").then((m) => ({ default: m.LandingPage })),
);

const LOADING_TEXT = "Loading your medical dashboard...";

/** Signed out: the landing page on every path. Signed in: the shell and its routes. */
function AuthGate() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullScreenLoading label={LOADING_TEXT} />;
  if (!user) {
    return (
      <Suspense fallback={<FullScreenLoading label={LOADING_TEXT} />}>
        <LandingPage />
      </Suspense>
    );
  }
  return (
    // Keyed by user: signing in as someone else never shows the previous person's child choice.
    <ChildFilterProvider key={user.id}>
      <AppShell user={user}>
        <AppRoutes />
      </AppShell>
      {/* A save that found the session ended asks to sign in again here, keeping the page. */}
      <SessionExpiredDialog user={user} />
      {/* Asks before unsaved typing is thrown away (closing a form, leaving the page). */}
      <UnsavedChangesHost />
    </ChildFilterProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <AuthGate />
    </AppProviders>
  );
}
