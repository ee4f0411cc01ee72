import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { careTeamMemberInput } from "@/domain/care-team";
import type { CareTeamMember } from "./api";

const FORM_KEYS = ["name", "role", "specialty", "phone", "email", "hospital", "notes"] as const;

export type CareTeamFormValues = Record<(typeof FORM_KEYS)[number], string>;

/** The server's schema: empty optional fields become null. */
export const careTeamFormSchema = careTeamMemberInput;

export const careTeamFields: readonly RecordFieldConfig<CareTeamFormValues>[] = [
  { name: "name", label: "Name *", required: true, placeholder: "Dr. Sarah Johnson", autoComplete: "off" },
  { name: "role", label: "Role *", required: true, placeholder: "Gastroenterologist, nurse, dietitian..." },
  { name: "specialty", label: "Specialty", placeholder: "Intestinal failure" },
  { name: "hospital", more: true, label: "Hospital", placeholder: "Children's Hospital" },
  { name: "phone", label: "Phone", type: "tel", placeholder: "(555) 123-4567", autoComplete: "off" },
  {
    name: "email",
    more: true,
    label: "Email",
    type: "email",
    placeholder: "name@hospital.org",
    autoComplete: "off",
  },
  {
    name: "notes",
    more: true,
    label: "Notes",
    type: "textarea",
    placeholder: "Best times to call, clinic hours...",
  },
];

/** Empty fields when adding; the member's values when editing. */
export function careTeamFormValues(member: CareTeamMember | null): CareTeamFormValues {
  return toFormValues(FORM_KEYS, member);
}

/** The care team member form as its record screen takes it: schema, fields and starting values. */
export const careTeamForm = {
  schema: careTeamFormSchema,
  fields: careTeamFields,
  toFormValues: careTeamFormValues,
};
