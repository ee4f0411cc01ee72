import type { z } from "zod";
import type { RestoreFacet } from "../../record-type-declaration";
import { LINKS, RECORD_NAMES, RECORD_TYPES, type RecordTypeDeclaration } from "../../record-types";
import { EXPORT_SECTIONS, type SectionName } from "../export-sections";

export type { SectionName };

export interface RestoreSection {
  name: SectionName;
  /**
   * The rules a record must pass: the same schema a form and the API use, with the fields the
   * server keeps for a type that has them (its declaration's `restoreInput`).
   */
  input: z.ZodObject;
  /** Fields that point at a record of another section, whose ids a restore renews. */
  links: Record<string, SectionName>;
  /** The type's own rules across records, and whether its records carry a photo (its declaration's `restore`). */
  rules: RestoreFacet;
  /** How a person names one of its records: "medical photo" (the activity feed's words). */
  recordLabel: string;
}

/**
 * Each section a restore reads, in the record types' declared order, where a record's links are
 * read before it; its links are the table's foreign keys to other record types.
 */
export const RESTORE_SECTIONS: readonly RestoreSection[] = RECORD_NAMES.map((name) => {
  const declared: RecordTypeDeclaration = RECORD_TYPES[name];
  return {
    name,
    input: declared.restoreInput ?? declared.input,
    links: LINKS[name],
    rules: declared.restore ?? {},
    recordLabel: declared.shared.activity[declared.entity]?.label ?? name,
  };
});

export const SECTION_NAMES: readonly SectionName[] = RESTORE_SECTIONS.map((section) => section.name);

/** The heading a person reads for a section: 'Lab Tests'. */
export const sectionTitle = (name: SectionName) =>
  EXPORT_SECTIONS.find((s) => s.name === name)?.title ?? name;

/** The sections whose records carry a photo. */
export const PHOTO_SECTIONS: readonly SectionName[] = RESTORE_SECTIONS.filter((s) => s.rules.photo).map(
  (s) => s.name,
);
