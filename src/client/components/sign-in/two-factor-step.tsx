import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import type { AuthUser } from "@/client/lib/auth";
import { TOTP_DIGITS, type TwoFactorSignInInput, twoFactorSignInInput } from "@/domain/two-factor";
import { signInWithCode } from "./auth-api";
import { showAuthError } from "./use-auth-success";

/**
 * The sign-in's second step, after a right password (or a passkey that did not check who holds
 * it) on an account with two factors: the code the authenticator app shows, or a recovery code.
 */
export function TwoFactorStep({
  after = "password",
  onSignedIn,
  onStartAgain,
  submitLabel = "Sign In",
  renderActions,
}: {
  /** What the person gave first. */
  after?: "password" | "passkey";
  onSignedIn: (user: AuthUser) => Promise<void> | void;
  /** Back to the email and password (or the passkey). */
  onStartAgain: () => void;
  submitLabel?: string;
  /** Lays out the submit button with other actions (a dialog's footer). */
  renderActions?: (submit: ReactNode) => ReactNode;
}) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm<TwoFactorSignInInput, unknown, z.output<typeof twoFactorSignInInput>>({
    resolver: zodResolver(twoFactorSignInInput),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  // The code is what comes next: the field has the focus (and again after switching kinds).
  useEffect(() => setFocus("code"), [setFocus]);

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onSignedIn(await signInWithCode(code));
    } catch (err) {
      showAuthError(form, err, ["code"]);
    }
  });

  const submitButton = (
    <Button
      type="submit"
      size={renderActions ? "default" : "lg"}
      disabled={isSubmitting}
      className={renderActions ? undefined : "w-full"}
    >
      {isSubmitting ? "Checking..." : submitLabel}
    </Button>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Two-factor sign-in">
      <p className="flex items-start gap-2 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        {recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once."
          : `Your ${after} is right. Now enter the ${TOTP_DIGITS}-digit code your authenticator app shows for Medical Care Tracker.`}
      </p>
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        label={recovery ? "Recovery code" : "Code from your app"}
        error={errors.code?.message}
        required
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("code")}
            autoComplete={recovery ? "off" : "one-time-code"}
            inputMode={recovery ? "text" : "numeric"}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
          />
        )}
      </FormField>
      {renderActions ? renderActions(submitButton) : submitButton}
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            form.clearErrors();
            form.setValue("code", "");
            setRecovery(!recovery);
            setFocus("code");
          }}
        >
          {recovery ? "Use a code from your app instead" : "Use a recovery code instead"}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0" onClick={onStartAgain}>
          Start again
        </Button>
      </div>
    </form>
  );
}
