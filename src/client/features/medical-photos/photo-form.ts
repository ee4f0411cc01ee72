import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly } from "@/client/lib/format";
import {
  medicalPhotoInput,
  PHOTO_CATEGORIES,
  PHOTO_SEVERITIES,
  PHOTO_SEVERITY_LABELS,
} from "@/domain/photos";
import { PHOTO_CATEGORY_INFO } from "./photo-labels";

export type PhotoFormValues = {
  title: string;
  category: string;
  severity: string;
  dateTaken: string;
  bodyLocation: string;
  relatedCondition: string;
  description: string;
  tags: string;
  notes: string;
  isPrivate: string;
  photoUrl: string;
} & ChildLinkFormValues;

/** The server's schema; the Child field's "No specific child" becomes null. */
export const photoFormSchema = linkChild(medicalPhotoInput);

export function photoFields(
  childField: RecordFieldConfig<PhotoFormValues>,
): RecordFieldConfig<PhotoFormValues>[] {
  return [
    { name: "title", label: "Title *", required: true, placeholder: "Exit site, day 3", autoComplete: "off" },
    {
      name: "category",
      label: "Category *",
      type: "select",
      required: true,
      options: PHOTO_CATEGORIES.map((c) => ({ value: c, label: PHOTO_CATEGORY_INFO[c].label })),
    },
    {
      name: "severity",
      label: "Severity",
      type: "select",
      options: PHOTO_SEVERITIES.map((s) => ({ value: s, label: PHOTO_SEVERITY_LABELS[s] })),
    },
    { name: "dateTaken", label: "Date Taken *", type: "date", required: true },
    childField,
    {
      name: "bodyLocation",
      more: true,
      label: "Body Location",
      placeholder: "Left upper arm, PICC exit site",
    },
    { name: "relatedCondition", more: true, label: "Related Condition", placeholder: "Line infection" },
    {
      name: "description",
      label: "Description",
      type: "textarea",
      rows: 2,
      placeholder: "Redness about 1 cm around the site",
    },
    {
      name: "tags",
      more: true,
      label: "Tags",
      placeholder: "dressing, redness",
      hint: "Separate tags with commas.",
    },
    {
      name: "isPrivate",
      label: "Visibility",
      type: "select",
      options: [
        { value: "1", label: "Private" },
        { value: "0", label: "Shared with the care team" },
      ],
    },
    { name: "notes", more: true, label: "Notes", type: "textarea", rows: 2 },
  ];
}

/** Spec section 9: today, wound, mild and private, and the child the screen shows. */
export function newPhotoValues(childId: string | null): PhotoFormValues {
  return {
    title: "",
    category: "wound",
    severity: "mild",
    dateTaken: toDateOnly(),
    bodyLocation: "",
    relatedCondition: "",
    description: "",
    tags: "",
    notes: "",
    isPrivate: "1",
    photoUrl: "",
    childId: childFormValue(null, childId),
  };
}
