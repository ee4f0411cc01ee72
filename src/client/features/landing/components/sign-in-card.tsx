import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { authConfigQueryOptions } from "@/client/components/sign-in/auth-api";
import { loginHref } from "@/client/components/sign-in/next-after-sign-in";
import { PasskeySignInButton } from "@/client/components/sign-in/passkey-sign-in-button";
import { RegisterForm } from "@/client/components/sign-in/register-form";
import { SignInForm } from "@/client/components/sign-in/sign-in-form";
import { useAuthSuccess } from "@/client/components/sign-in/use-auth-success";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";

export const SIGN_IN_HREF = "/?signin=1";
export { REGISTER_HREF } from "./register-href";

import { REGISTER_HREF } from "./register-href";

/** The local-account forms, shown when the landing page is opened with `?signin=1`. */
export function SignInCard({ mode }: { mode: "signin" | "register" }) {
  const { data: config } = useQuery(authConfigQueryOptions);
  const canRegister = config?.mode === "local" && config.allowSignup;
  const registering = mode === "register" && canRegister;
  const onSignedIn = useAuthSuccess();

  if (config?.mode === "oidc") {
    return (
      <Card className="w-full">
        <CardHeader>
          <CardTitle>Sign in</CardTitle>
          <CardDescription>
            This server signs you in through your organisation's identity provider.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild size="lg" className="w-full">
            <a href={loginHref()}>Continue to sign in</a>
          </Button>
          <PasskeySignInButton onSignedIn={onSignedIn} className="mt-3 w-full" />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle>{registering ? "Create your account" : "Sign in to your account"}</CardTitle>
        <CardDescription>
          {registering
            ? "Your records stay on this server, visible only to you and the people you invite."
            : "Welcome back. Enter the email and password you signed up with."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {registering ? <RegisterForm /> : <SignInForm />}
        {registering ? null : (
          <>
            <Link
              href="/reset-password"
              className="self-center font-medium text-primary text-sm underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
            <PasskeySignInButton onSignedIn={onSignedIn} className="w-full" />
          </>
        )}
        {canRegister ? (
          <p className="text-center text-muted-foreground text-sm">
            {registering ? "Already have an account? " : "New here? "}
            <Link
              href={registering ? SIGN_IN_HREF : REGISTER_HREF}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {registering ? "Sign in" : "Create an account"}
            </Link>
          </p>
        ) : null}
        {mode === "register" && config && !canRegister ? (
          <p role="status" className="text-center text-muted-foreground text-sm">
            New accounts cannot be created on this server. Ask its administrator for an account.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
