import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MailOpen, Undo2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/components/ui/use-toast";
import type { AuthUser } from "@/client/lib/auth";
import { useChildren } from "@/client/lib/children-api";
import { childNames, childrenScope } from "@/client/lib/family-texts";
import { formatCardDate } from "@/client/lib/format";
import { ROLE_LABELS } from "@/domain/roles";
import { familyKeys, type Invitation, invitationsQueryOptions, revokeInvitation } from "../api";
import { toastFailure } from "../notify";
import { LoadFailed } from "./load-failed";

/** The invitations nobody has accepted yet, each with a way to withdraw it. */
export function InvitationsCard({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQueryOptions(user.familyId));
  const { data: children = [] } = useChildren();
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(invitation.id),
    onSuccess: async (_, invitation) => {
      toast({
        title: "Invitation withdrawn",
        description: `The link sent to ${invitation.email} no longer works.`,
      });
      await queryClient.invalidateQueries({ queryKey: familyKeys.invitations(user.familyId) });
    },
    onError: (err) => toastFailure("The invitation was not withdrawn", err),
  });

  return (
    <Card aria-busy={invitations.isLoading}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <MailOpen aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Waiting invitations</CardTitle>
        </div>
        <CardDescription>Links sent that nobody has used yet. Each works once, for 7 days.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isLoading ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-3 w-72" />
          </div>
        ) : invitations.isError ? (
          <LoadFailed what="the invitations" onRetry={() => invitations.refetch()} />
        ) : invitations.data?.length ? (
          <ul className="flex flex-col divide-y divide-border">
            {invitations.data.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <h3 className="break-all font-medium">{invitation.email}</h3>
                  <p className="text-sm">
                    {ROLE_LABELS[invitation.role]} ·{" "}
                    {childrenScope(childNames(invitation.childIds, children))}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    Sent {formatCardDate(invitation.createdAt)}
                    {invitation.invitedByName ? ` by ${invitation.invitedByName}` : ""} · works until{" "}
                    {formatCardDate(invitation.expiresAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  onClick={() => setWithdrawing(invitation)}
                  className="self-start sm:self-center"
                >
                  <Undo2 aria-hidden="true" />
                  Withdraw
                  <span className="sr-only"> the invitation for {invitation.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No invitations waiting.</p>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={withdrawing !== null}
        onOpenChange={(open) => (open ? undefined : setWithdrawing(null))}
        title="Withdraw this invitation?"
        description={`The link sent to ${withdrawing?.email ?? ""} will stop working. You can invite them again at any time.`}
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing..."
        onConfirm={() => (withdrawing ? revoke.mutateAsync(withdrawing) : Promise.resolve())}
      />
    </Card>
  );
}
