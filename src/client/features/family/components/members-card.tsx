import { useQuery } from "@tanstack/react-query";
import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { authConfigQueryOptions } from "@/client/components/sign-in/auth-api";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import type { AuthUser } from "@/client/lib/auth";
import { useChildren } from "@/client/lib/children-api";
import { type FamilyMember, membersQueryOptions } from "../api";
import { memberName, useMemberChanges } from "../use-member-changes";
import { HandoverDialog } from "./handover-dialog";
import { LoadFailed } from "./load-failed";
import { MemberChildrenDialog } from "./member-children-dialog";
import { type MemberActions, MemberRow } from "./member-row";

/** The owner's list of the family's members, each with their role, children and the owner's changes. */
export function MembersCard({ user, onInvite }: { user: AuthUser; onInvite: () => void }) {
  const members = useQuery(membersQueryOptions(user.familyId));
  const { data: children = [] } = useChildren();
  // With an identity provider, its own second step applies: nothing of ours to show.
  const { data: config } = useQuery(authConfigQueryOptions);
  const { update, remove } = useMemberChanges(user);
  const [handingOver, setHandingOver] = useState<FamilyMember | null>(null);
  const [choosingChildren, setChoosingChildren] = useState<FamilyMember | null>(null);
  const [removing, setRemoving] = useState<FamilyMember | null>(null);

  const actions: MemberActions = {
    onRole: (member, role) => {
      if (role === member.role) return;
      if (role === "owner") setHandingOver(member);
      else update.mutate({ member, change: { role } });
    },
    onChildren: setChoosingChildren,
    onRemove: setRemoving,
  };

  return (
    <Card aria-busy={members.isLoading}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <Users aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Members</CardTitle>
        </div>
        <CardDescription>
          Everyone who sees this family's records, and what each person can do.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {members.isLoading ? (
          <MembersSkeleton />
        ) : members.isError ? (
          <LoadFailed what="the members" onRetry={() => members.refetch()} />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {members.data?.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                isYou={member.userId === user.id}
                familyChildren={children}
                showTwoFactor={config?.mode === "local"}
                busy={update.isPending || remove.isPending}
                actions={actions}
              />
            ))}
          </ul>
        )}
        {members.data && members.data.length <= 1 ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-muted-foreground text-sm">
              Only you so far: invite a parent, a grandparent or a home nurse.
            </p>
            <Button variant="outline" onClick={onInvite} className="sm:shrink-0">
              <UserPlus aria-hidden="true" />
              Invite someone
            </Button>
          </div>
        ) : null}
      </CardContent>
      <HandoverDialog
        name={handingOver ? memberName(handingOver) : ""}
        familyName={user.familyName}
        open={handingOver !== null}
        pending={update.isPending}
        onOpenChange={(open) => (open ? undefined : setHandingOver(null))}
        onConfirm={() => {
          if (!handingOver) return;
          update.mutate(
            { member: handingOver, change: { role: "owner" } },
            { onSettled: () => setHandingOver(null) },
          );
        }}
      />
      <MemberChildrenDialog
        member={choosingChildren}
        familyChildren={children}
        onClose={() => setChoosingChildren(null)}
        onSave={(member, childIds) => update.mutateAsync({ member, change: { childIds } })}
      />
      <ConfirmDeleteDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={`Remove ${removing ? memberName(removing) : ""} from the family?`}
        description="They will no longer see or change this family's records. What they added stays. To have them back, send a new invitation."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() => (removing ? remove.mutateAsync(removing) : Promise.resolve())}
      />
    </Card>
  );
}

function MembersSkeleton() {
  return (
    <div className="flex flex-col gap-5">
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
        </div>
      ))}
    </div>
  );
}
