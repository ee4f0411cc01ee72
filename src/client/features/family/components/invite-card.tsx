import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send, UserPlus } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ChildrenChooser } from "@/client/components/children/children-chooser";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { errorIssues } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import { useChildren } from "@/client/lib/children-api";
import { invitationInput } from "@/domain/family";
import { INVITED_ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/domain/roles";
import { type CreatedInvitation, createInvitation, familyKeys } from "../api";
import { toastFailure } from "../notify";
import { InvitationLink } from "./invitation-link";

type InviteValues = z.input<typeof invitationInput>;
const FIELDS = ["email", "role", "childIds"] as const;
const ROLE_CHOICES = INVITED_ROLES.map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
  hint: ROLE_DESCRIPTIONS[role],
}));
const EMPTY: InviteValues = { email: "", role: "caregiver", childIds: null };

/** The owner invites someone by email; the link is then shown once, to copy and send. */
export function InviteCard({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const { data: children = [] } = useChildren();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const form = useForm<InviteValues, unknown, z.output<typeof invitationInput>>({
    resolver: zodResolver(invitationInput),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const invite = useMutation({
    mutationFn: createInvitation,
    onSuccess: async (invitation) => {
      setCreated(invitation);
      form.reset(EMPTY);
      await queryClient.invalidateQueries({ queryKey: familyKeys.invitations(user.familyId) });
    },
    onError: (err) => {
      const issues = errorIssues(err).filter((i) => (FIELDS as readonly string[]).includes(i.path));
      for (const issue of issues)
        form.setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
      if (issues.length === 0) toastFailure("The invitation was not created", err);
    },
  });

  return (
    <Card id="invite" className="scroll-mt-20">
      <CardHeader>
        <div className="flex items-center gap-3">
          <UserPlus aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Invite someone</CardTitle>
        </div>
        <CardDescription>
          They get a link to join this family with their own account, and see what you choose here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {created ? (
          <InvitationLink invitation={created} onAnother={() => setCreated(null)} />
        ) : (
          <form
            onSubmit={form.handleSubmit((values) => invite.mutate(values))}
            noValidate
            aria-label="Invite someone"
            className="flex flex-col gap-5"
          >
            <FormField label="Their email" error={errors.email?.message} required className="sm:max-w-md">
              {(control) => (
                <Input
                  {...control}
                  {...form.register("email")}
                  type="email"
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </FormField>
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <ChoiceChips
                  label="What they can do"
                  choices={ROLE_CHOICES}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            {children.length > 0 ? (
              <Controller
                control={form.control}
                name="childIds"
                render={({ field, fieldState }) => (
                  <ChildrenChooser
                    legend="Children they see"
                    familyChildren={children}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ) : null}
            <Button type="submit" disabled={invite.isPending} className="self-start">
              <Send aria-hidden="true" />
              {invite.isPending ? "Creating..." : "Create invitation"}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
