import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import type { AuthUser } from "@/client/lib/auth";
import { login } from "./auth-api";
import { type SignInValues, signInSchema } from "./auth-forms.schema";
import { isTwoFactorPending } from "./sign-in-answer";
import { TwoFactorStep } from "./two-factor-step";
import { showAuthError, useAuthSuccess } from "./use-auth-success";

export interface SignInFormProps {
  /** Signing the same person in again: the email is shown read-only and the password is focused. */
  lockedEmail?: string | undefined;
  /** The email to start with (an invitation's address), which can be changed; the password is focused. */
  defaultEmail?: string | undefined;
  /** What happens after a successful sign-in; by default the dashboard opens. */
  onSignedIn?: (user: AuthUser) => Promise<void> | void;
  /** The form's accessible name. */
  label?: string;
  submitLabel?: string;
  /** Lays out the submit button with other actions (e.g. a dialog footer). */
  renderActions?: (submit: ReactNode) => ReactNode;
}

/**
 * Email and password sign-in: on the landing page, an invitation's page and the "session has ended"
 * dialog. An account with two factors is asked for its code next, in the same place.
 */
export function SignInForm({
  lockedEmail,
  defaultEmail,
  onSignedIn,
  label = "Sign in",
  submitLabel = "Sign In",
  renderActions,
}: SignInFormProps) {
  const goToDashboard = useAuthSuccess();
  const signedIn = onSignedIn ?? goToDashboard;
  const [codeNext, setCodeNext] = useState(false);
  const form = useForm<SignInValues, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: lockedEmail ?? defaultEmail ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  const emailKnown = Boolean(lockedEmail || defaultEmail);
  useEffect(() => {
    if (!codeNext) setFocus(emailKnown ? "password" : "email");
  }, [setFocus, emailKnown, codeNext]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await login(values);
      if (isTwoFactorPending(answer)) setCodeNext(true);
      else await signedIn(answer);
    } catch (err) {
      showAuthError(form, err, ["email", "password"]);
    }
  });

  const submitButton = (
    <Button
      type="submit"
      size={renderActions ? "default" : "lg"}
      disabled={isSubmitting}
      className={renderActions ? undefined : "w-full"}
    >
      {isSubmitting ? "Signing in..." : submitLabel}
    </Button>
  );

  if (codeNext) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onStartAgain={() => {
          form.setValue("password", "");
          setCodeNext(false);
        }}
        submitLabel={submitLabel}
        renderActions={renderActions}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={label}>
      <FormAlert message={errors.root?.server?.message} />
      <FormField label="Email" error={errors.email?.message} required>
        {(control) => (
          <Input
            {...control}
            {...form.register("email")}
            type="email"
            autoComplete="username"
            readOnly={Boolean(lockedEmail)}
            className={lockedEmail ? "bg-muted" : undefined}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message} required>
        {(control) => (
          <Input
            {...control}
            {...form.register("password")}
            type="password"
            autoComplete="current-password"
          />
        )}
      </FormField>
      {renderActions ? renderActions(submitButton) : submitButton}
    </form>
  );
}
