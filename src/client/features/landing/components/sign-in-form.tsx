import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { login } from "../api";
import { type SignInValues, signInSchema } from "../auth-forms.schema";
import { showAuthError, useAuthSuccess } from "../use-auth-success";

export function SignInForm() {
  const onSignedIn = useAuthSuccess();
  const form = useForm<SignInValues, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus("email"), [setFocus]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSignedIn(await login(values));
    } catch (err) {
      showAuthError(form, err, ["email", "password"]);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <FormAlert message={errors.root?.server?.message} />
      <FormField label="Email" error={errors.email?.message} required>
        {(control) => <Input {...control} {...form.register("email")} type="email" autoComplete="username" />}
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
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
