import { zodResolver } from "@hookform/resolvers/zod";
import { HeartPulse } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { showAuthError } from "@/client/components/sign-in/use-auth-success";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { requestJson } from "@/client/lib/api";
import { useLinkToken } from "@/client/lib/use-link-token";
import {
  type MessageRecord,
  type PasswordResetInput,
  passwordResetConfirmInput,
  passwordResetInput,
} from "@/domain/auth";

const SIGN_IN_HREF = "/?signin=1";

/**
 * `/reset-password`: without a token, asks for the email to send a link to ("Forgot password?");
 * opened from the link in the mail (`?token=...`), asks for the new password.
 */
export function ResetPasswordPage() {
  const token = useLinkToken();
  return (
    <div className="min-h-dvh bg-gradient-to-b from-blue-50 via-background to-background">
      <main className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
        <Link href="/" className="flex items-center gap-2 self-center font-bold text-xl">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-white">
            <HeartPulse aria-hidden="true" className="size-6" />
          </span>
          Medical Care Tracker
        </Link>
        {token ? <NewPasswordCard token={token} /> : <AskForLinkCard />}
      </main>
    </div>
  );
}

function AskForLinkCard() {
  const [sent, setSent] = useState<string>();
  const form = useForm<PasswordResetInput, unknown, z.output<typeof passwordResetInput>>({
    resolver: zodResolver(passwordResetInput),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      setSent((await requestJson<MessageRecord>("POST", "/api/auth/password-reset", values)).message);
    } catch (err) {
      showAuthError(form, err, ["email"]);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Forgot your password?</CardTitle>
        <CardDescription>
          Enter the email you signed up with. We will send you a link to choose a new password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sent ? (
          <p
            role="status"
            className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-blue-900 text-sm"
          >
            {sent}
          </p>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Send a reset link" className="flex flex-col gap-4">
            <FormAlert message={errors.root?.server?.message} />
            <FormField label="Email" error={errors.email?.message} required>
              {(control) => (
                <Input {...control} {...form.register("email")} type="email" autoComplete="username" />
              )}
            </FormField>
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
              {isSubmitting ? "Sending..." : "Send me a link"}
            </Button>
          </form>
        )}
        <Link href={SIGN_IN_HREF} className="self-center font-medium text-primary text-sm hover:underline">
          Back to sign in
        </Link>
      </CardContent>
    </Card>
  );
}

type NewPasswordValues = { newPassword: string };

function NewPasswordCard({ token }: { token: string }) {
  const [done, setDone] = useState<string>();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(passwordResetConfirmInput.pick({ newPassword: true })),
    defaultValues: { newPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      setDone(
        (await requestJson<MessageRecord>("POST", "/api/auth/password-reset/confirm", { token, newPassword }))
          .message,
      );
    } catch (err) {
      showAuthError(form, err, ["newPassword"]);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose a new password</CardTitle>
        <CardDescription>At least 12 characters. A few words you will remember work well.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {done ? (
          <>
            <p
              role="status"
              className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-green-900 text-sm"
            >
              {done}
            </p>
            <Button asChild size="lg" className="w-full">
              <Link href={SIGN_IN_HREF}>Sign in</Link>
            </Button>
          </>
        ) : (
          <form
            onSubmit={submit}
            noValidate
            aria-label="Choose a new password"
            className="flex flex-col gap-4"
          >
            <FormAlert message={errors.root?.server?.message} />
            <FormField label="New password" error={errors.newPassword?.message} required>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("newPassword")}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
              {isSubmitting ? "Saving..." : "Set new password"}
            </Button>
            {/* A new page load: this page has read its link's token already. */}
            <a
              href="/reset-password"
              className="self-center font-medium text-primary text-sm hover:underline"
            >
              Ask for a new link
            </a>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
