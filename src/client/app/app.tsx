import { lazy, Suspense, useSyncExternalStore } from "react";
import { useRoute } from "wouter";
import { appUpdate } from "@/client/lib/app-signals";
import { useAuth } from "@/client/lib/auth";
import { AppProviders } from "./app-providers";
import { FullScreenLoading } from "./full-screen-message";

const LandingPage = lazy(() =>
  import("@/client/features/landing/landing-page").then((m) => ({ default: m.LandingPage })),
);
const SignedInApp = lazy(() => import("./signed-in-app").then((m) => ({ default: m.SignedInApp })));
const ConfirmEmailPage = lazy(() =>
  import("@/client/features/confirm-email/confirm-email-page").then((m) => ({ default: m.ConfirmEmailPage })),
);

const ResetPasswordPage = lazy(() =>
  import("@/client/features/reset-password/reset-password-page").then((m) => ({
    default: m.ResetPasswordPage,
  })),
);

const JoinFamilyPage = lazy(() =>
  import("@/client/features/join-family/join-family-page").then((m) => ({ default: m.JoinFamilyPage })),
);

const SharedSummaryPage = lazy(() =>
  import("@/client/features/shared-summary/shared-summary-page").then((m) => ({
    default: m.SharedSummaryPage,
  })),
);

const ReminderActionPage = lazy(() =>
  import("@/client/features/reminder-action/reminder-action-page").then((m) => ({
    default: m.ReminderActionPage,
  })),
);

// Shown only once a new version of the app waits (app-worker.ts).
const UpdateAvailable = lazy(() =>
  import("./update-available").then((m) => ({ default: m.UpdateAvailable })),
);

const LOADING_TEXT = "Loading your medical dashboard...";

/**
 * Signed out: the landing page on every path. Signed in: the shell and its routes. The link of an
 * email confirmation (`/confirm-email?token=...`), of an invitation to a family (`/join?token=...`)
 * of a clinic's care summary (`/shared/<token>`) and a reminder's Done or Snooze from an email
 * (`/act/<token>`) open their own pages either way.
 */
function AuthGate() {
  const { user, isLoading } = useAuth();
  const [confirmingEmail] = useRoute("/confirm-email");
  const [resetting] = useRoute("/reset-password");
  const [joining] = useRoute("/join");
  const [sharing] = useRoute("/shared/:token");
  const [acting] = useRoute("/act/:token");
  if (isLoading) return <FullScreenLoading label={LOADING_TEXT} />;
  return (
    <Suspense fallback={<FullScreenLoading label={LOADING_TEXT} />}>
      {sharing ? (
        <SharedSummaryPage />
      ) : acting ? (
        <ReminderActionPage />
      ) : joining ? (
        <JoinFamilyPage />
      ) : confirmingEmail ? (
        <ConfirmEmailPage />
      ) : resetting && !user ? (
        <ResetPasswordPage />
      ) : user ? (
        <SignedInApp user={user} />
      ) : (
        <LandingPage />
      )}
    </Suspense>
  );
}

/** "Update available", on every page, signed in or out, while a new version waits. */
function UpdateNotice() {
  const apply = useSyncExternalStore(appUpdate.subscribe, appUpdate.get);
  if (!apply) return null;
  return (
    <Suspense fallback={null}>
      <UpdateAvailable onReload={apply} />
    </Suspense>
  );
}

export function App() {
  return (
    <AppProviders>
      <AuthGate />
      <UpdateNotice />
    </AppProviders>
  );
}
