import { useQuery } from "@tanstack/react-query";
import { LogIn, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { authConfigQueryOptions } from "@/client/components/sign-in/auth-api";
import { loginHref } from "@/client/components/sign-in/next-after-sign-in";
import { PasskeySignInButton } from "@/client/components/sign-in/passkey-sign-in-button";
import { RegisterForm } from "@/client/components/sign-in/register-form";
import { SignInForm } from "@/client/components/sign-in/sign-in-form";
import { Button } from "@/client/components/ui/button";
import type { AuthUser } from "@/client/lib/auth";
import { acceptAfterSignIn } from "../kept-invitation";

/**
 * Signed out: sign in, or create an account, right here; the invitation is accepted as soon as
 * the person is signed in. A sign-in on another site (OpenID Connect) comes back to this page,
 * which then accepts by itself.
 */
export function JoinSignedOut({
  token,
  onSignedIn,
}: {
  token: string;
  onSignedIn: (user: AuthUser) => void;
}) {
  const { data: config } = useQuery(authConfigQueryOptions);
  const [form, setForm] = useState<"signin" | "register" | null>(null);
  const canRegister = config?.mode === "local" && config.allowSignup;
  const signedIn = async (user: AuthUser) => onSignedIn(user);

  if (config?.mode === "oidc") {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-muted-foreground text-sm">Sign in to accept. You come back here afterwards.</p>
        <Button asChild size="lg">
          <a href={loginHref("/join")} onClick={() => acceptAfterSignIn(token)}>
            <LogIn aria-hidden="true" />
            Sign in to accept
          </a>
        </Button>
        <PasskeySignInButton onSignedIn={signedIn} className="w-full" />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground text-sm">
        To accept, sign in or create an account with the email address the invitation was sent to. Your
        account stays yours: you can belong to more than one family.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          size="lg"
          variant={form === "signin" ? "default" : "outline"}
          aria-expanded={form === "signin"}
          onClick={() => setForm("signin")}
        >
          <LogIn aria-hidden="true" />
          Sign in
        </Button>
        {canRegister ? (
          <Button
            size="lg"
            variant={form === "register" ? "default" : "outline"}
            aria-expanded={form === "register"}
            onClick={() => setForm("register")}
          >
            <UserPlus aria-hidden="true" />
            Create an account
          </Button>
        ) : null}
      </div>
      {form === "signin" ? (
        <div className="flex flex-col gap-3 border-border border-t pt-4">
          <SignInForm onSignedIn={signedIn} label="Sign in to accept" submitLabel="Sign in and join" />
          <Link
            href="/reset-password"
            className="self-center font-medium text-primary text-sm underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
          <PasskeySignInButton onSignedIn={signedIn} className="w-full" />
        </div>
      ) : form === "register" ? (
        <div className="border-border border-t pt-4">
          <RegisterForm onSignedUp={signedIn} submitLabel="Create account and join" />
        </div>
      ) : (
        <PasskeySignInButton onSignedIn={signedIn} className="w-full" />
      )}
    </div>
  );
}
