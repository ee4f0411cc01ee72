import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MailOpen, Undo2, UserCheck } from "lucide-react";
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
import {
  approveInvitationRequest,
  familyKeys,
  type Invitation,
  invitationsQueryOptions,
  revokeInvitation,
} from "../api";
import { toastFailure } from "../notify";
import { LoadFailed } from "./load-failed";

/** Who asked to join with an invitation: "Kai Moss (kai@example.org)", or the address alone. */
const askerOf = (invitation: Invitation) =>
  invitation.requestedByName && invitation.requestedByName !== invitation.requestedByEmail
    ? `${invitation.requestedByName} (${invitation.requestedByEmail ?? "no email"})`
    : (invitation.requestedByEmail ?? "An account");

/**
 * The invitations nobody has accepted yet, each with a way to withdraw it; one that an account
 * with another address asked to join with offers to let that account in, after a question whose
 * safe answer (Cancel) is the one focused.
 */
export function InvitationsCard({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQueryOptions(user.familyId));
  const { data: children = [] } = useChildren();
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [approving, setApproving] = useState<Invitation | null>(null);
  const approve = useMutation({
    mutationFn: (invitation: Invitation) => approveInvitationRequest(invitation.id),
    onSuccess: async (_, invitation) => {
      toast({
        title: "Joined the family",
        description: `${askerOf(invitation)} is now a member, as the invitation for ${invitation.email} said.`,
      });
      await queryClient.invalidateQueries({ queryKey: familyKeys.all(user.familyId) });
    },
    onError: (err) => toastFailure("Nobody was let in", err),
  });
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
                  {invitation.requestedByEmail ? (
                    <p className="mt-1 break-words text-sm">
                      {askerOf(invitation)} asked to join with this link, signed in with another address or
                      one not confirmed yet.
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2 self-start sm:self-center">
                  {invitation.requestedByEmail ? (
                    <Button variant="outline" onClick={() => setApproving(invitation)}>
                      <UserCheck aria-hidden="true" />
                      Let them join
                      <span className="sr-only"> with the invitation for {invitation.email}</span>
                    </Button>
                  ) : null}
                  <Button variant="outline" onClick={() => setWithdrawing(invitation)}>
                    <Undo2 aria-hidden="true" />
                    Withdraw
                    <span className="sr-only"> the invitation for {invitation.email}</span>
                  </Button>
                </div>
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
      <ConfirmDeleteDialog
        open={approving !== null}
        onOpenChange={(open) => (open ? undefined : setApproving(null))}
        title="Let this account join?"
        description={`${approving ? askerOf(approving) : ""} will join as ${approving ? ROLE_LABELS[approving.role].toLowerCase() : ""}, with what the invitation for ${approving?.email ?? ""} allows. Only let them in if you know this is the person you invited.`}
        confirmLabel="Let them join"
        pendingLabel="Letting them in..."
        onConfirm={() => (approving ? approve.mutateAsync(approving) : Promise.resolve())}
      />
    </Card>
  );
}
