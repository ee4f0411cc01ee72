import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues } from "@/client/lib/api";
import { authQueryKey } from "@/client/lib/auth";
import { familyNameField } from "@/domain/family";
import { renameFamily } from "../api";
import { toastFailure } from "../notify";

const nameForm = z.object({ name: familyNameField });
type NameValues = z.input<typeof nameForm>;

/** The owner renames the family in place: the name field with Save and Cancel (Escape cancels too). */
export function FamilyNameForm({ name, onDone }: { name: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<NameValues, unknown, z.output<typeof nameForm>>({
    resolver: zodResolver(nameForm),
    defaultValues: { name },
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof nameForm>) => renameFamily(values.name),
    onSuccess: (user) => {
      queryClient.setQueryData(authQueryKey, user);
      toast({ title: "Family name saved", description: `This family is now called ${user.familyName}.` });
      onDone();
    },
    onError: (err) => {
      const issue = errorIssues(err).find((i) => i.path === "name");
      if (issue) form.setError("name", { message: issue.message });
      else toastFailure("The name was not saved", err);
    },
  });

  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDone();
      }}
      noValidate
      aria-label="Rename the family"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <FormField label="Family name" error={form.formState.errors.name?.message} className="sm:flex-1">
        {(control) => <Input {...control} {...form.register("name")} autoComplete="off" autoFocus />}
      </FormField>
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
