import { Pencil, Phone, Pill, Stethoscope } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import {
  EMERGENCY_INPUT_LABELS,
  type EmergencyContactKey,
  type EmergencyContacts,
  emergencyContactErrors,
  readEmergencyContacts,
  saveEmergencyContacts,
} from "../emergency-contacts";

const CONTACTS = [
  {
    key: "pharmacy",
    label: "Pharmacy",
    inputLabel: EMERGENCY_INPUT_LABELS.pharmacy,
    icon: Pill,
    placeholder: "(555) 123-4567",
  },
  {
    key: "nurse",
    label: "Nurse",
    inputLabel: EMERGENCY_INPUT_LABELS.nurse,
    icon: Stethoscope,
    placeholder: "(555) 987-6543",
  },
] as const;

/** Digits and a leading + for the tel: link; null when nothing dialable is left. */
function dialable(number: string): string | null {
  const digits = number.replace(/[^\d+]/g, "");
  return /\d/.test(digits) ? digits : null;
}

/** The pharmacy and nurse numbers, kept only in this browser (never sent to the server). */
export function EmergencyContactsCard() {
  const [saved, setSaved] = useState<EmergencyContacts>(readEmergencyContacts);
  const [draft, setDraft] = useState<EmergencyContacts | null>(null);
  // Shown once Save was pressed, and checked again as each number is corrected.
  const [errors, setErrors] = useState<Partial<EmergencyContacts>>({});
  const editing = draft !== null;
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const inputRefs = useRef<Partial<Record<EmergencyContactKey, HTMLInputElement | null>>>({});

  // The button or form that had the focus goes away: entering edit mode puts the cursor in the
  // first number, and Save or Cancel gives the focus back to the Edit button.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current === editing) return;
    wasEditing.current = editing;
    (editing ? inputRefs.current[CONTACTS[0].key] : editButtonRef.current)?.focus();
  }, [editing]);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const next = { pharmacy: draft.pharmacy.trim(), nurse: draft.nurse.trim() };
    const invalid = emergencyContactErrors(next);
    setErrors(invalid);
    const firstInvalid = CONTACTS.find(({ key }) => invalid[key]);
    if (firstInvalid) {
      inputRefs.current[firstInvalid.key]?.focus();
      return;
    }
    saveEmergencyContacts(next);
    setSaved(next);
    setDraft(null);
  }

  function change(key: EmergencyContactKey, value: string) {
    if (!draft) return;
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (errors[key]) setErrors({ ...errors, [key]: emergencyContactErrors(next)[key] });
  }

  function cancel() {
    setDraft(null);
    setErrors({});
  }

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-5 text-red-600" />
            Emergency Contacts
          </CardTitle>
          <CardDescription className="mt-1">
            Saved on this device only, never sent to the server.
          </CardDescription>
        </div>
        {draft ? null : (
          <Button ref={editButtonRef} variant="outline" size="sm" onClick={() => setDraft(saved)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {draft ? (
          <form onSubmit={save} className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {CONTACTS.map(({ key, inputLabel, placeholder }) => (
                <FormField key={key} label={inputLabel} error={errors[key]}>
                  {(control) => (
                    <Input
                      {...control}
                      ref={(input) => {
                        inputRefs.current[key] = input;
                      }}
                      type="tel"
                      autoComplete="off"
                      maxLength={40}
                      placeholder={placeholder}
                      value={draft[key]}
                      onChange={(e) => change(key, e.target.value)}
                    />
                  )}
                </FormField>
              ))}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit">Save</Button>
            </div>
          </form>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {CONTACTS.map(({ key, label, icon: Icon }) => {
              const number = saved[key];
              const tel = number ? dialable(number) : null;
              return (
                <li key={key} className="flex min-w-0 items-center gap-3 rounded-lg bg-muted/60 px-3 py-2.5">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-muted-foreground text-sm">{label}</p>
                    <p className="break-words font-semibold">
                      {!number ? (
                        <span className="font-normal text-muted-foreground">Not set</span>
                      ) : tel ? (
                        <a href={`tel:${tel}`} className="text-primary underline-offset-4 hover:underline">
                          {number}
                        </a>
                      ) : (
                        number
                      )}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
