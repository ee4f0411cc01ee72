import { lazy, Suspense } from "react";
import { useAuth } from "@/client/lib/auth";
import { AppProviders } from "./app-providers";
import { FullScreenLoading } from "./full-screen-message";

const LandingPage = lazy(() =>
  import("@/client/features/landing/landing-page").then((m) => ({ default: m.LandingPage })),
);
const SignedInApp = lazy(() => import("./signed-in-app").then((m) => ({ default: m.SignedInApp })));

const LOADING_TEXT = "Loading your medical dashboard...";

/** Signed out: the landing page on every path. Signed in: the shell and its routes. */
function AuthGate() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullScreenLoading label={LOADING_TEXT} />;
  return (
    <Suspense fallback={<FullScreenLoading label={LOADING_TEXT} />}>
      {user ? <SignedInApp user={user} /> : <LandingPage />}
    </Suspense>
  );
}

export function App() {
  return (
    <AppProviders>
      <AuthGate />
    </AppProviders>
  );
}
