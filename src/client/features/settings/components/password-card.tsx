import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { authConfigQueryOptions } from "@/client/components/sign-in/auth-api";
import { showAuthError } from "@/client/components/sign-in/use-auth-success";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { requestJson } from "@/client/lib/api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { type MessageRecord, type PasswordChangeInput, passwordChangeInput } from "@/domain/auth";

/** Settings: change the password (local accounts). Other devices are signed out; this one stays. */
export function PasswordCard() {
  const { data: config } = useQuery(authConfigQueryOptions);
  const form = useForm<PasswordChangeInput, unknown, z.output<typeof passwordChangeInput>>({
    resolver: zodResolver(passwordChangeInput),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  if (config?.mode !== "local") return null;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await requestJson<MessageRecord>("POST", "/api/auth/password", values);
      form.reset();
      toast({ title: "Password changed", description: message });
    } catch (err) {
      if (isSessionEndedError(err)) return;
      showAuthError(form, err, ["currentPassword", "newPassword"]);
    }
  });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <LockKeyhole aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Password</CardTitle>
        </div>
        <CardDescription>
          Changing it signs you out on your other devices; this one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          noValidate
          aria-label="Change password"
          className="flex flex-col gap-4 sm:max-w-md"
        >
          <FormAlert message={errors.root?.server?.message} />
          <FormField label="Current password" error={errors.currentPassword?.message} required>
            {(control) => (
              <Input
                {...control}
                {...form.register("currentPassword")}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
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
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? "Changing..." : "Change password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
