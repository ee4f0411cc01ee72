import { Check, X } from "lucide-react";
import { cn } from "@/client/lib/utils";
import { can, type Permission, type Role } from "@/domain/roles";

const ABILITIES: readonly { permission: Permission; text: string }[] = [
  { permission: "read", text: "See the records" },
  { permission: "write", text: "Add, change and delete records" },
  { permission: "share", text: "Create read-only links for the clinic" },
  { permission: "manage", text: "Invite people, manage members and delete the family" },
];

/** What a role allows, and what it does not, one line each. */
export function RoleAbilities({ role }: { role: Role }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="What your role allows">
      {ABILITIES.map(({ permission, text }) => {
        const allowed = can(role, permission);
        const Icon = allowed ? Check : X;
        return (
          <li key={permission} className="flex items-start gap-2.5 text-sm">
            <Icon
              aria-hidden="true"
              className={cn("mt-0.5 size-4 shrink-0", allowed ? "text-success" : "text-muted-foreground")}
            />
            <span className={allowed ? undefined : "text-muted-foreground"}>
              <span className="sr-only">{allowed ? "You can: " : "You cannot: "}</span>
              {text}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
