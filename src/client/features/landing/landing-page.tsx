import { useQuery } from "@tanstack/react-query";
import { HeartPulse, LogIn } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { authConfigQueryOptions } from "@/client/components/sign-in/auth-api";
import { loginHref } from "@/client/components/sign-in/next-after-sign-in";
import { PasskeySignInButton } from "@/client/components/sign-in/passkey-sign-in-button";
import { forgetSessionEndedReason, sessionEndedReason } from "@/client/components/sign-in/session-ended";
import { SessionEndedNotice } from "@/client/components/sign-in/session-ended-notice";
import { useAuthSuccess } from "@/client/components/sign-in/use-auth-success";
import { Button } from "@/client/components/ui/button";
import { FormAlert } from "@/client/components/ui/form-field";
import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/lib/utils";
import { FeatureGrid, HealthcareExcellenceCard } from "./components/landing-features";
import { REGISTER_HREF } from "./components/register-href";

/** The forms (and their validation library) load only when a form is shown (`?signin=1`). */
const SignInCard = lazy(() => import("./components/sign-in-card").then((m) => ({ default: m.SignInCard })));

/** Where an OpenID Connect sign-in that went wrong sends the browser back to (`/?signin=...`). */
const SIGN_IN_PROBLEMS: Record<string, string> = {
  expired: "Signing in took too long and the attempt expired. Please sign in again.",
  failed: "Signing in did not complete. Please try again.",
};

/** What a signed-out visitor sees on every path. */
export function LandingPage() {
  const params = new URLSearchParams(useSearch());
  const showForm = params.get("signin") === "1";
  const problem = SIGN_IN_PROBLEMS[params.get("signin") ?? ""];
  const mode = params.get("mode") === "register" ? "register" : "signin";
  const { data: config } = useQuery(authConfigQueryOptions);
  const canRegister = config?.mode === "local" && config.allowSignup;
  const onSignedIn = useAuthSuccess();
  const [ended] = useState(() => sessionEndedReason());
  useEffect(() => forgetSessionEndedReason(), []);

  return (
    <div className="min-h-dvh bg-gradient-to-b from-blue-50 via-background to-background">
      <main className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:gap-14">
        <FormAlert message={problem} className="mx-auto w-full max-w-3xl" />
        <SessionEndedNotice message={problem ? undefined : ended} />
        <section
          className={cn(
            "grid items-center gap-8",
            showForm ? "lg:grid-cols-[1.1fr_1fr] lg:gap-12" : "mx-auto max-w-3xl text-center",
          )}
        >
          <div className={cn("flex flex-col gap-5", !showForm && "items-center")}>
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-md">
              <HeartPulse aria-hidden="true" className="size-8" />
            </span>
            <h1 className="font-bold text-4xl text-foreground tracking-tight sm:text-5xl">
              Medical Care Tracker
            </h1>
            <p className="text-lg text-slate-700 sm:text-xl">
              One calm place for your child's TPN nutrition, supplies, specialist visits, lab tests, symptoms,
              medical photos and care team contacts.
            </p>
            {showForm ? null : (
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg" className="px-8">
                  <a href={loginHref()}>
                    <LogIn aria-hidden="true" />
                    Sign In
                  </a>
                </Button>
                {canRegister ? (
                  <Button asChild size="lg" variant="outline" className="px-8">
                    <Link href={REGISTER_HREF}>Create an account</Link>
                  </Button>
                ) : null}
                <PasskeySignInButton onSignedIn={onSignedIn} className="px-8" />
              </div>
            )}
          </div>
          {showForm ? (
            <Suspense fallback={<Spinner label="Loading..." className="justify-self-center" />}>
              <SignInCard mode={mode} />
            </Suspense>
          ) : null}
        </section>
        <FeatureGrid />
        <HealthcareExcellenceCard />
      </main>
    </div>
  );
}
