import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Baby, Save, UserRound } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues } from "@/client/lib/api";
import { type AuthUser, authQueryKey } from "@/client/lib/auth";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { profileInput } from "@/domain/auth";
import { updateProfile } from "../api";
import { EmailConfirmationStatus } from "./email-confirmation-status";

/** The 'Child Information' and 'Account Information' cards, saved together. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof profileInput>, unknown, z.output<typeof profileInput>>({
    resolver: zodResolver(profileInput),
    defaultValues: {
      childName: user.childName ?? "",
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
    },
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(authQueryKey, updated);
      form.reset({
        childName: updated.childName ?? "",
        firstName: updated.firstName ?? "",
        lastName: updated.lastName ?? "",
      });
      toast({ title: "Profile Updated", description: "Your profile has been saved." });
    },
    onError: (err) => {
      // The session ended: the "Your session has ended" dialog is the message.
      if (isSessionEndedError(err)) return;
      for (const issue of errorIssues(err)) {
        if (issue.path === "childName" || issue.path === "firstName" || issue.path === "lastName") {
          form.setError(issue.path, { message: issue.message });
        }
      }
      toast({
        title: "Update Failed",
        description: "There was an error updating your profile. Please try again.",
        variant: "destructive",
      });
    },
  });

  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      className="flex flex-col gap-6"
    >
      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <Baby aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Child Information</CardTitle>
        </CardHeader>
        <CardContent>
          <FormField label="Child's name" error={errors.childName?.message} className="sm:max-w-md">
            {(control) => <Input {...control} {...form.register("childName")} autoComplete="off" />}
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <div className="flex items-center gap-3">
            <UserRound aria-hidden="true" className="size-5 text-primary" />
            <CardTitle>Account Information</CardTitle>
          </div>
          <CardDescription>Your name as it appears in the app.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              {(control) => <Input {...control} {...form.register("firstName")} autoComplete="given-name" />}
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              {(control) => <Input {...control} {...form.register("lastName")} autoComplete="family-name" />}
            </FormField>
          </div>
          <FormField label="Email" hint="Your sign-in email cannot be changed here.">
            {(control) => <Input {...control} value={user.email ?? ""} readOnly type="email" />}
          </FormField>
          <EmailConfirmationStatus user={user} />
          <div>
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden="true" />
              {save.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
