import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { FormAlert } from "@/client/components/ui/form-field";
import { errorMessage } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import { isPasskeyCancelled, signInWithPasskey } from "./passkeys-api";
import { isTwoFactorPending } from "./sign-in-answer";

// The code's form (and its checks) loads only for an account with two factors: the landing page
// shows this button, and its first download stays small.
const TwoFactorStep = lazy(() => import("./two-factor-step").then((m) => ({ default: m.TwoFactorStep })));

/**
 * "Sign in with a passkey": one touch (the phone's fingerprint, face or screen lock), no email or
 * password typed. Shown only where the browser can use passkeys.
 */
export function PasskeySignInButton({
  onSignedIn,
  size = "lg",
  className,
}: {
  onSignedIn: (user: AuthUser) => Promise<void>;
  size?: "default" | "lg";
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [codeNext, setCodeNext] = useState(false);
  if (!browserSupportsWebAuthn()) return null;
  if (codeNext) {
    return (
      <div className="w-full rounded-lg border border-border bg-card p-4 text-left">
        <Suspense fallback={<p className="text-muted-foreground text-sm">Loading...</p>}>
          <TwoFactorStep after="passkey" onSignedIn={onSignedIn} onStartAgain={() => setCodeNext(false)} />
        </Suspense>
      </div>
    );
  }

  async function signIn() {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await signInWithPasskey();
      if (isTwoFactorPending(answer)) setCodeNext(true);
      else await onSignedIn(answer);
    } catch (err) {
      setProblem(
        isPasskeyCancelled(err)
          ? "Signing in with a passkey was cancelled. Try again, or use your email and password."
          : errorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <FormAlert message={problem} />
      <Button
        type="button"
        size={size}
        variant="outline"
        onClick={signIn}
        disabled={busy}
        className={className}
      >
        <KeyRound aria-hidden="true" />
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
    </div>
  );
}
