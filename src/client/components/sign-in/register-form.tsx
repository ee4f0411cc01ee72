import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import type { AuthUser } from "@/client/lib/auth";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/domain/auth";
import { register } from "./auth-api";
import { type RegisterValues, registerSchema } from "./auth-forms.schema";
import { showAuthError, useAuthSuccess } from "./use-auth-success";

export interface RegisterFormProps {
  /** The email to start with (an invitation's address); it can be changed. */
  defaultEmail?: string | undefined;
  /** What happens once the account is made; by default the dashboard (or the screen asked for) opens. */
  onSignedUp?: (user: AuthUser) => Promise<void> | void;
  submitLabel?: string;
}

/** The create-account form: on the landing page, and on an invitation's page. */
export function RegisterForm({
  defaultEmail,
  onSignedUp,
  submitLabel = "Create Account",
}: RegisterFormProps = {}) {
  const goToDashboard = useAuthSuccess();
  const form = useForm<RegisterValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: defaultEmail ?? "",
      password: "",
      confirmPassword: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus("firstName"), [setFocus]);

  const submit = form.handleSubmit(async ({ firstName, lastName, email, password }) => {
    try {
      await (onSignedUp ?? goToDashboard)(await register({ email, password, firstName, lastName }));
    } catch (err) {
      showAuthError(form, err, ["firstName", "lastName", "email", "password"]);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Create account">
      <FormAlert message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          {(control) => <Input {...control} {...form.register("firstName")} autoComplete="given-name" />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          {(control) => <Input {...control} {...form.register("lastName")} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message} required>
        {(control) => <Input {...control} {...form.register("email")} type="email" autoComplete="email" />}
      </FormField>
      <FormField
        label="Password"
        hint={`Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A few unrelated words make a strong password that is easy to remember.`}
        error={errors.password?.message}
        required
      >
        {(control) => (
          <Input {...control} {...form.register("password")} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message} required>
        {(control) => (
          <Input
            {...control}
            {...form.register("confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Creating account..." : submitLabel}
      </Button>
    </form>
  );
}
