import {
  CHOOSE_CHILD,
  type ChildLinkFormValues,
  childFormValue,
} from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { infusionCenterInput, MAX_PER_WEEK } from "@/domain/infusion-centers";
import type { InfusionCenter } from "./api";

const FORM_KEYS = [
  "name",
  "address",
  "phone",
  "email",
  "contactPerson",
  "bloodDrawsPerWeek",
  "bandageChangesPerWeek",
  "notes",
] as const;

export type InfusionCenterFormValues = Record<(typeof FORM_KEYS)[number], string> & ChildLinkFormValues;

const perWeek = { type: "number", step: "1", min: "0", max: String(MAX_PER_WEEK), hint: "0 to 7." } as const;

export function infusionCenterFields(
  childField: RecordFieldConfig<InfusionCenterFormValues>,
): RecordFieldConfig<InfusionCenterFormValues>[] {
  return [
    {
      name: "name",
      label: "Name *",
      required: true,
      placeholder: "Riverside Home Infusion",
      autoComplete: "off",
    },
    childField,
    { name: "phone", label: "Phone", type: "tel", placeholder: "555-0142", autoComplete: "off" },
    { name: "email", label: "Email", type: "email", placeholder: "nurses@example.org", autoComplete: "off" },
    { name: "contactPerson", label: "Contact Person", placeholder: "Nurse Dana" },
    { name: "address", label: "Address", placeholder: "12 River Rd" },
    { name: "bloodDrawsPerWeek", label: "Blood Draws per Week", ...perWeek },
    { name: "bandageChangesPerWeek", label: "Bandage Changes per Week", ...perWeek },
    { name: "notes", label: "Notes", type: "textarea", placeholder: "Lab days, who to call after hours..." },
  ];
}

/**
 * 0 and 0 per week (spec section 9) and the filtered child when adding; the center's values when
 * editing. A center may serve every child (the spec's 'No specific child'), so with all children
 * shown a new center starts there instead of asking.
 */
export function infusionCenterFormValues(
  center: InfusionCenter | null,
  filterChildId: string | null,
): InfusionCenterFormValues {
  const values = toFormValues(FORM_KEYS, center);
  return {
    ...values,
    bloodDrawsPerWeek: center ? values.bloodDrawsPerWeek : "0",
    bandageChangesPerWeek: center ? values.bandageChangesPerWeek : "0",
    childId: childFormValue(center, filterChildId === CHOOSE_CHILD ? null : filterChildId),
  };
}

export const infusionCenterForm = {
  schema: linkChild(infusionCenterInput),
  fields: infusionCenterFields,
  toFormValues: infusionCenterFormValues,
};
