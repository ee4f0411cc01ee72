import type { z } from "zod";
import { medicalAllergyInput } from "../../../../domain/allergies";
import { careTeamMemberInput } from "../../../../domain/care-team";
import { childInput } from "../../../../domain/children";
import { foodDiaryEntryInput } from "../../../../domain/food-diary";
import { infusionCenterInput } from "../../../../domain/infusion-centers";
import { labTestInput } from "../../../../domain/labs";
import { medicationInput } from "../../../../domain/medications";
import { noteInput } from "../../../../domain/notes";
import { medicalPhotoInput } from "../../../../domain/photos";
import { physicalTherapySessionInput } from "../../../../domain/physical-therapy";
import { piccInfectionInput, piccLineInput } from "../../../../domain/picc";
import { supplyInput, supplyStockEventInput, supplyUsageInput } from "../../../../domain/supplies";
import { symptomEntryInput } from "../../../../domain/symptoms";
import { tpnEntryInput } from "../../../../domain/tpn";
import { specialistVisitInput } from "../../../../domain/visits";
import { EXPORT_SECTIONS, type SectionName } from "../export-sections";

export type { SectionName };

export interface RestoreSection {
  name: SectionName;
  /** The rules a record must pass: the same schema a form and the API use. */
  input: z.ZodObject;
  /** Fields that point at a record of another section, whose ids a restore renews. */
  links: Record<string, SectionName>;
}

/** Each section a restore reads, in an order where a record's links are read before it. */
export const RESTORE_SECTIONS: readonly RestoreSection[] = [
  { name: "children", input: childInput, links: {} },
  { name: "careTeamMembers", input: careTeamMemberInput, links: {} },
  { name: "tpnSupplies", input: supplyInput, links: {} },
  { name: "supplyUsage", input: supplyUsageInput, links: { supplyId: "tpnSupplies" } },
  { name: "supplyStockEvents", input: supplyStockEventInput, links: { supplyId: "tpnSupplies" } },
  { name: "infusionCenters", input: infusionCenterInput, links: { childId: "children" } },
  { name: "piccLines", input: piccLineInput, links: { childId: "children" } },
  {
    name: "piccInfections",
    input: piccInfectionInput,
    links: { childId: "children", piccLineId: "piccLines" },
  },
  { name: "tpnEntries", input: tpnEntryInput, links: { childId: "children" } },
  { name: "specialistVisits", input: specialistVisitInput, links: { childId: "children" } },
  { name: "labTests", input: labTestInput, links: { childId: "children" } },
  { name: "symptomEntries", input: symptomEntryInput, links: { childId: "children" } },
  { name: "medicalAllergies", input: medicalAllergyInput, links: { childId: "children" } },
  { name: "medications", input: medicationInput, links: { childId: "children" } },
  { name: "notes", input: noteInput, links: { childId: "children" } },
  { name: "physicalTherapySessions", input: physicalTherapySessionInput, links: { childId: "children" } },
  { name: "foodDiaryEntries", input: foodDiaryEntryInput, links: { childId: "children" } },
  { name: "medicalPhotos", input: medicalPhotoInput, links: { childId: "children" } },
];

export const SECTION_NAMES: readonly SectionName[] = RESTORE_SECTIONS.map((section) => section.name);

/** The heading a person reads for a section: 'Lab Tests'. */
export const sectionTitle = (name: SectionName) =>
  EXPORT_SECTIONS.find((s) => s.name === name)?.title ?? name;
