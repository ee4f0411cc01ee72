import { Baby, ShieldCheck, UserMinus } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { userInitials } from "@/client/lib/auth";
import type { Child } from "@/client/lib/children-api";
import { childNames, childrenScope } from "@/client/lib/family-texts";
import { formatCardDate } from "@/client/lib/format";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "@/domain/roles";
import type { FamilyMember } from "../api";
import { memberName } from "../use-member-changes";

/** The initials of a member's name ("Ana Lopez": "AL"), else of the email. */
function initialsOf(member: FamilyMember) {
  const [first, ...rest] = member.name.trim().split(/\s+/);
  return userInitials({ firstName: first ?? null, lastName: rest.join(" ") || null, email: member.email });
}

export interface MemberActions {
  onRole: (member: FamilyMember, role: Role) => void;
  onChildren: (member: FamilyMember) => void;
  onRemove: (member: FamilyMember) => void;
}

/** One member: who, with which role and children; for members other than the owner, the owner's changes. */
export function MemberRow({
  member,
  isYou,
  familyChildren,
  showTwoFactor = false,
  busy,
  actions,
}: {
  member: FamilyMember;
  isYou: boolean;
  familyChildren: readonly Child[];
  /** Whether to say if the member signs in with two factors (accounts with a password). */
  showTwoFactor?: boolean;
  busy: boolean;
  actions: MemberActions;
}) {
  const name = memberName(member);
  const owner = member.role === "owner";
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground text-sm"
        >
          {initialsOf(member)}
        </span>
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-medium">
            <span className="min-w-0 break-words">{name}</span>
            {isYou ? <Badge variant="secondary">You</Badge> : null}
          </h3>
          {member.email && member.email !== name ? (
            <p className="break-all text-muted-foreground text-sm">{member.email}</p>
          ) : null}
          <p className="text-sm">
            {ROLE_LABELS[member.role]}
            {owner ? "" : ` · ${childrenScope(childNames(member.childIds, familyChildren))}`}
          </p>
          <p className="text-muted-foreground text-xs">Joined {formatCardDate(member.joinedAt)}</p>
          {showTwoFactor ? (
            member.twoFactor ? (
              <p className="flex items-center gap-1 text-xs">
                <ShieldCheck aria-hidden="true" className="size-3.5 text-primary" />
                Two-factor sign-in on
              </p>
            ) : (
              <p className="text-muted-foreground text-xs">Two-factor sign-in off: password only</p>
            )
          ) : null}
        </div>
      </div>
      {owner ? null : (
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <Select
            value={member.role}
            onValueChange={(role) => actions.onRole(member, role as Role)}
            disabled={busy}
          >
            <SelectTrigger aria-label={`Role of ${name}`} className="w-auto min-w-32">
              <SelectValue>{ROLE_LABELS[member.role]}</SelectValue>
            </SelectTrigger>
            <SelectContent align="end" className="max-w-[calc(100vw-2rem)]">
              {ROLES.map((role) => (
                <SelectItem key={role} value={role} textValue={ROLE_LABELS[role]}>
                  {ROLE_LABELS[role]}
                  <span className="block text-muted-foreground text-xs">{ROLE_DESCRIPTIONS[role]}</span>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {familyChildren.length > 0 ? (
            <Button variant="outline" onClick={() => actions.onChildren(member)} disabled={busy}>
              <Baby aria-hidden="true" />
              Children
              <span className="sr-only"> {name} sees</span>
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => actions.onRemove(member)} disabled={busy}>
            <UserMinus aria-hidden="true" />
            Remove
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
