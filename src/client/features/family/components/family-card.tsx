import { House, Pencil } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import type { AuthUser } from "@/client/lib/auth";
import { useChildren } from "@/client/lib/children-api";
import { childNames, childrenScope } from "@/client/lib/family-texts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/domain/roles";
import { FamilyNameForm } from "./family-name-form";
import { LeaveFamily } from "./leave-family";
import { RoleAbilities } from "./role-abilities";

/**
 * The family in use: its name (the owner renames it here), the person's role and, for a member,
 * which children they see, what the role allows and a way to leave.
 */
export function FamilyCard({ user }: { user: AuthUser }) {
  const [renaming, setRenaming] = useState(false);
  const { data: children = [], isLoading } = useChildren();
  const owner = user.role === "owner";
  return (
    <Card>
      <CardHeader>
        {renaming ? (
          <FamilyNameForm name={user.familyName} onDone={() => setRenaming(false)} />
        ) : (
          <div className="flex items-center gap-3">
            <House aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <CardTitle className="min-w-0 flex-1 break-words">{user.familyName}</CardTitle>
            {owner ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRenaming(true)}
                aria-label="Rename the family"
                className="-my-2 shrink-0"
              >
                <Pencil aria-hidden="true" />
                Rename
              </Button>
            ) : null}
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-muted-foreground">Your role</dt>
          <dd className="flex flex-col items-start gap-1">
            <Badge variant={owner ? "default" : "info"}>{ROLE_LABELS[user.role]}</Badge>
            <span>{ROLE_DESCRIPTIONS[user.role]}</span>
          </dd>
          {owner ? null : (
            <>
              <dt className="font-medium text-muted-foreground">Children you see</dt>
              <dd>{isLoading ? "Loading..." : childrenScope(childNames(user.childIds, children))}</dd>
            </>
          )}
        </dl>
        {owner ? (
          <p className="text-muted-foreground text-sm">
            To leave this family, first make another member its owner (in Members below), or delete the
            family.
          </p>
        ) : (
          <>
            <RoleAbilities role={user.role} />
            <LeaveFamily familyName={user.familyName} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
