import { House } from "lucide-react";
import { useState } from "react";
import { confirmLeavingForms } from "@/client/components/forms/unsaved-changes";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { ROLE_LABELS } from "@/domain/roles";
import { switchFamily } from "./family-api";
import { useEnterFamily } from "./use-enter-family";

/**
 * The header's "which family" switch, for a person in two families or more (a parent who also
 * helps a sister's family, say). Choosing one makes every screen, count, export and photo follow
 * it, and opens its dashboard. On phones the closed switch is an icon, so the header stays on one line.
 */
export function FamilySwitcher({ user }: { user: AuthUser }) {
  const enterFamily = useEnterFamily();
  const [switching, setSwitching] = useState(false);
  if (user.families.length < 2) return null;
  const name = user.familyName;

  async function choose(familyId: string) {
    if (familyId === user.familyId || !(await confirmLeavingForms())) return;
    setSwitching(true);
    try {
      const next = await switchFamily(familyId);
      await enterFamily(next);
      toast({
        title: `Now showing ${next.familyName}`,
        description: "Every screen shows this family's records.",
      });
    } catch (err) {
      setSwitching(false);
      // The session ended: the "Your session has ended" dialog is the message.
      if (isSessionEndedError(err)) return;
      toast({ title: "Could not switch family", description: errorMessage(err), variant: "destructive" });
    }
  }

  return (
    <Select value={user.familyId} onValueChange={choose} disabled={switching}>
      <SelectTrigger
        aria-label="Switch family"
        title={`Showing the family: ${name}`}
        className="h-10 w-auto max-w-44 gap-1.5 px-2 sm:max-w-56 sm:px-3"
      >
        <SelectValue>
          <span className="flex min-w-0 items-center gap-2">
            <House aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
            <span className="hidden truncate sm:inline">{name}</span>
            <span className="sr-only sm:hidden">{name}</span>
          </span>
        </SelectValue>
      </SelectTrigger>
      <SelectContent align="end" className="max-w-[calc(100vw-1.5rem)]">
        {user.families.map((family) => (
          <SelectItem key={family.id} value={family.id}>
            <span className="flex flex-col leading-tight">
              <span className="truncate">{family.name}</span>
              <span className="text-muted-foreground text-xs">{ROLE_LABELS[family.role]}</span>
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
