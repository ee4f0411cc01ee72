import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ChildrenChooser } from "@/client/components/children/children-chooser";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import type { Child } from "@/client/lib/children-api";
import { memberUpdateInput } from "@/domain/family";
import type { FamilyMember } from "../api";
import { memberName } from "../use-member-changes";

const childrenForm = memberUpdateInput.pick({ childIds: true });

/** Which children a member sees: every child, or only the ones ticked. */
export function MemberChildrenDialog({
  member,
  familyChildren,
  onClose,
  onSave,
}: {
  member: FamilyMember | null;
  familyChildren: readonly Child[];
  onClose: () => void;
  onSave: (member: FamilyMember, childIds: string[] | null) => Promise<unknown>;
}) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {member ? (
          <ChildrenForm member={member} familyChildren={familyChildren} onClose={onClose} onSave={onSave} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ChildrenForm({
  member,
  familyChildren,
  onClose,
  onSave,
}: {
  member: FamilyMember;
  familyChildren: readonly Child[];
  onClose: () => void;
  onSave: (member: FamilyMember, childIds: string[] | null) => Promise<unknown>;
}) {
  const name = memberName(member);
  const form = useForm<z.input<typeof childrenForm>, unknown, z.output<typeof childrenForm>>({
    resolver: zodResolver(childrenForm),
    // Children no longer in the family are dropped from the choice.
    defaultValues: {
      childIds: member.childIds?.filter((id) => familyChildren.some((c) => c.id === id)) ?? null,
    },
  });
  const submit = form.handleSubmit(async ({ childIds }) => {
    try {
      await onSave(member, childIds);
      onClose();
    } catch {
      // The toast said what went wrong; the dialog stays for another try.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Children {name} sees</DialogTitle>
        <DialogDescription>
          {name} will see only these children and their records, and what belongs to no child in particular,
          such as the care team and the supplies.
        </DialogDescription>
      </DialogHeader>
      <Controller
        control={form.control}
        name="childIds"
        render={({ field, fieldState }) => (
          <ChildrenChooser
            legend="Children"
            familyChildren={familyChildren}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving..." : "Save children"}
        </Button>
      </DialogFooter>
    </form>
  );
}
