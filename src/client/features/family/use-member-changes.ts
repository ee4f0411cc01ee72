import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/components/ui/use-toast";
import { type AuthUser, authQueryKey } from "@/client/lib/auth";
import { roleInSentence } from "@/client/lib/family-texts";
import { type FamilyMember, familyKeys, type MemberChange, removeMember, updateMember } from "./api";
import { toastFailure } from "./notify";

export const memberName = (member: Pick<FamilyMember, "name" | "email">) =>
  member.name.trim() || member.email || "This member";

/** The owner's changes to a member: role (handing the family over), children, removal. */
export function useMemberChanges(user: AuthUser) {
  const queryClient = useQueryClient();
  const membersKey = familyKeys.members(user.familyId);

  const update = useMutation({
    mutationFn: ({ member, change }: { member: FamilyMember; change: MemberChange }) =>
      updateMember(member.userId, change),
    onSuccess: async (members, { member, change }) => {
      queryClient.setQueryData(membersKey, members);
      const name = memberName(member);
      if (change.role === "owner") {
        toast({ title: `${name} is now the owner`, description: "You are a caregiver in this family now." });
        // The person's own role changed: the screens (and this one) follow it.
        await queryClient.invalidateQueries({ queryKey: authQueryKey });
      } else if (change.role) {
        toast({ title: `${name} is now ${roleInSentence(change.role)}` });
      } else {
        toast({ title: "Children saved", description: `${name} sees the children you chose.` });
      }
    },
    onError: (err) => toastFailure("The change was not saved", err),
  });

  const remove = useMutation({
    mutationFn: (member: FamilyMember) => removeMember(member.userId),
    onSuccess: async (_, member) => {
      toast({ title: `${memberName(member)} was removed from the family` });
      await queryClient.invalidateQueries({ queryKey: membersKey });
    },
    onError: (err) => toastFailure("The member was not removed", err),
  });

  return { update, remove };
}
