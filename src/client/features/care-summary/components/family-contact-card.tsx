import { useQuery } from "@tanstack/react-query";
import { Phone, Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { errorIssues, errorMessage } from "@/client/lib/api";
import { useCan } from "@/client/lib/permissions";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import type { FamilyContact } from "@/domain/family";
import { familyContactOptions, useSaveFamilyContact } from "../api";

/**
 * The number the family gives the clinic on every care summary, clinic link and printed or PDF
 * summary, and whom it reaches. The family's owner chooses it (empty: none is given); other
 * members see it.
 */
export function FamilyContactCard() {
  const contact = useQuery(familyContactOptions);
  const isOwner = useCan("manage");
  return (
    <Card className="print:hidden">
      <CardHeader>
        <div className="flex items-center gap-3">
          <Phone aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Number for the clinic</CardTitle>
        </div>
        <CardDescription>
          A number the clinic can call the family on, printed on every care summary and shown on clinic links.
          Left empty, no number is given.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!contact.data ? null : isOwner ? (
          <FamilyContactForm saved={contact.data} />
        ) : (
          <div className="flex flex-col gap-2 text-sm">
            <p className="font-medium">
              {contact.data.phone
                ? [contact.data.name, contact.data.phone].filter(Boolean).join(", ")
                : "No number is given."}
            </p>
            <p className="text-muted-foreground">Only the family's owner changes this.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function FamilyContactForm({ saved }: { saved: FamilyContact }) {
  const [name, setName] = useState(saved.name ?? "");
  const [phone, setPhone] = useState(saved.phone ?? "");
  const [errors, setErrors] = useState<{ name?: string; phone?: string; form?: string }>({});
  const save = useSaveFamilyContact();
  const changed = name.trim() !== (saved.name ?? "") || phone.trim() !== (saved.phone ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { name: name.trim() || null, phone: phone.trim() || null },
      {
        onError: (err) => {
          if (isSessionEndedError(err)) return;
          const issues = errorIssues(err);
          const of = (path: string) => issues.find((i) => i.path === path)?.message;
          setErrors({
            name: of("name"),
            phone: of("phone"),
            form: issues.length
              ? undefined
              : errorMessage(err, "The number was not saved. Please try again."),
          });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Number for the clinic" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Who answers" hint="For example: Maria Lopez (mother)" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="name"
            />
          )}
        </FormField>
        <FormField label="Phone number" error={errors.phone}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              autoComplete="tel"
            />
          )}
        </FormField>
      </div>
      {errors.form ? (
        <p role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending || !changed}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save number"}
        </Button>
      </div>
    </form>
  );
}
