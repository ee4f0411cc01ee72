import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { authConfigQueryOptions } from "@/client/components/sign-in/auth-api";
import { PasskeySignInButton } from "@/client/components/sign-in/passkey-sign-in-button";
import { sessionEndedReason } from "@/client/components/sign-in/session-ended";
import { SignInForm } from "@/client/components/sign-in/sign-in-form";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { FormAlert } from "@/client/components/ui/form-field";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage, getJson } from "@/client/lib/api";
import { type AuthUser, authQueryKey, onSignOutClick } from "@/client/lib/auth";
import { noteSessionToEnd } from "@/client/lib/device-sign-in";
import { clearSessionExpired, sessionExpiredBy, useSessionExpired } from "@/client/lib/session-expiry";
import { SIGN_OUT_HREF } from "./nav-items";

const LOGIN_HREF = "/api/login";
const TITLE = "Your session has ended";

/**
 * Shown over the page when a save answered 401 (see `query-client.ts`): the page and its open form
 * stay as they were, and the person signs in again here, then presses Save once more.
 */
export function SessionExpiredDialog({ user }: { user: AuthUser }) {
  const open = useSessionExpired();
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : clearSessionExpired())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{TITLE}</AlertDialogTitle>
          <AlertDialogDescription>
            {sessionEndedReason() ?? "For your privacy you were signed out."}{" "}
            {sessionExpiredBy() === "outbox"
              ? "Sign in again to send the entries saved on this phone; they stay on it until then."
              : "Sign in again to save your changes; the page stays as it is."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <SignInAgain user={user} />
        <PasskeySignInAgain user={user} />
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** After signing in again: the same person continues; someone else starts afresh (never mix data). */
function useSignedInAgain(current: AuthUser) {
  const queryClient = useQueryClient();
  return async (signedIn: AuthUser) => {
    // A new session: a sign-out that could not reach the server is not to end it (auth.ts).
    noteSessionToEnd(null);
    if (signedIn.id !== current.id) {
      window.location.assign("/");
      return;
    }
    queryClient.setQueryData(authQueryKey, signedIn);
    const by = sessionExpiredBy();
    // Closing the dialog sends the entries waiting on this device again (the outbox listens).
    clearSessionExpired();
    toast({
      title:
        by === "outbox"
          ? "Signed in again. The entries saved on this phone are being sent."
          : "Signed in again. Press Save to keep your changes.",
    });
    // A load that found the session ended kept the page (entries waited): everything is asked again.
    await queryClient.invalidateQueries(by === "outbox" ? undefined : { queryKey: authQueryKey });
  };
}

function SignInAgain({ user }: { user: AuthUser }) {
  const { data: config, isError } = useQuery(authConfigQueryOptions);
  if (config?.mode === "oidc") return <OidcSignInAgain user={user} />;
  if (config?.mode === "local" || isError) return <LocalSignInAgain user={user} />;
  return <p className="text-muted-foreground text-sm">Loading...</p>;
}

function PasskeySignInAgain({ user }: { user: AuthUser }) {
  const onSignedIn = useSignedInAgain(user);
  return <PasskeySignInButton onSignedIn={onSignedIn} size="default" className="w-full" />;
}

function SignOutButton() {
  return (
    <Button asChild variant="outline">
      <a href={SIGN_OUT_HREF} onClick={onSignOutClick}>
        Sign out
      </a>
    </Button>
  );
}

function LocalSignInAgain({ user }: { user: AuthUser }) {
  const onSignedIn = useSignedInAgain(user);
  return (
    <SignInForm
      lockedEmail={user.email ?? ""}
      onSignedIn={onSignedIn}
      label="Sign in again"
      submitLabel="Sign in"
      renderActions={(submit) => (
        <AlertDialogFooter>
          <SignOutButton />
          {submit}
        </AlertDialogFooter>
      )}
    />
  );
}

function OidcSignInAgain({ user }: { user: AuthUser }) {
  const onSignedIn = useSignedInAgain(user);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function check() {
    setChecking(true);
    setProblem(undefined);
    try {
      const signedIn = await getJson<AuthUser>("/api/auth/user", { on401: "returnNull" });
      if (signedIn) await onSignedIn(signedIn);
      else setProblem("You are not signed in yet. Sign in in the other tab, then try again.");
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Sign in again in a new tab, then come back here and press &quot;I have signed in&quot;.
      </p>
      <FormAlert message={problem} />
      <AlertDialogFooter>
        <SignOutButton />
        <Button asChild variant="outline">
          <a href={LOGIN_HREF} target="_blank" rel="noopener noreferrer">
            Sign in again
          </a>
        </Button>
        <Button type="button" onClick={check} disabled={checking}>
          {checking ? "Checking..." : "I have signed in"}
        </Button>
      </AlertDialogFooter>
    </div>
  );
}
