import type { Readable } from "node:stream";
import type { CurrentUser } from "../../../domain/auth";
import { familyClock, todayIn } from "../../../domain/clock";
import type { CareSummary, ExportFormat, ExportScope } from "../../../domain/exports";
import { DEFAULT_TIME_FORMAT, type TimeFormat } from "../../../domain/time-format";
import type { Db } from "../../db/client";
import type { FamilyView } from "../../lib/child-scope";
import type { ObjectStorage } from "../../storage/object-storage";
import { careSummaries } from "./care-summary";
import {
  EXPORT_SECTIONS,
  type ExportSection,
  filledColumns,
  type RowOrder,
  sectionRows,
} from "./export-sections";
import { type FamilyBackup, familyBackup } from "./family-backup";
import { type LinkNames, linkNames } from "./link-names";

/**
 * Everything a format needs to write an export: the account, the scope (child and dates), the
 * sections with their columns, and a paged reader of each section's rows, so that no format holds
 * a whole history in memory.
 */
export interface ExportContext {
  db: Db;
  storage: ObjectStorage;
  familyId: string;
  /** The children the export's member sees (null: every child); the others are not in it at all. */
  childIds: readonly string[] | null;
  account: CurrentUser;
  scope: ExportScope;
  /** When the export was made (the family clock's now). */
  exportedAt: Date;
  /**
   * The family's IANA time zone (src/domain/clock.ts): the export's date, its stamps ("Exported
   * Nov 24, 2026 21:45 (America/Chicago)") and its times are read in it.
   */
  timeZone: string;
  /** How the family writes times of day (src/domain/time-format.ts): readable formats follow it. */
  timeFormat: TimeFormat;
  sections: readonly ExportSection[];
  /**
   * A section's rows, oldest first, a page at a time, without their owner: as written ("created",
   * the default), or by the record's own date ("date", for the formats a person reads).
   */
  rows(
    section: ExportSection,
    order?: RowOrder,
    withPeople?: boolean,
  ): AsyncGenerator<Record<string, unknown>>;
  /** The family's settings and the people its records name (the backup and the JSON export). */
  family(): Promise<FamilyBackup>;
  /** The care summary of each child in scope (the PDF and Word reports open with it). */
  careSummaries(): Promise<CareSummary[]>;
  /** The family's children by id, to name a record's child in readable formats. */
  childNames(): Promise<Map<string, string>>;
  /** The keys of a section's columns with a value in at least one of its records in scope. */
  filledColumns(section: ExportSection): Promise<Set<string>>;
  /** The names of the children, supplies and lines records link to, read once per export. */
  linkNames(): Promise<LinkNames>;
  /** JSON only: each photo record carries its image, so a restore brings the photos back. */
  includePhotos: boolean;
}

export interface ExportFormatter {
  format: ExportFormat;
  contentType: string;
  extension: string;
  /** The file name before its date: 'tpn-tracker-export' unless the format says otherwise. */
  stem?: string;
  /** The file as a stream, written while the records are read. */
  render(context: ExportContext): Readable;
}

export function exportContext(
  base: Pick<ExportContext, "db" | "storage" | "familyId" | "account" | "scope"> & {
    /** The children the member sees: every child when left out. */
    childIds?: readonly string[] | null;
    includePhotos?: boolean;
    /** The family's zone: by default the request's (`familyClock()`). */
    timeZone?: string;
    timeFormat?: TimeFormat;
  },
): ExportContext {
  let names: Promise<Map<string, string>> | undefined;
  let summaries: Promise<CareSummary[]> | undefined;
  const clock = familyClock();
  const timeZone = base.timeZone ?? clock.timeZone;
  const exportedAt = clock.now();
  let links: Promise<LinkNames> | undefined;
  const view: FamilyView = { familyId: base.familyId, childIds: base.childIds ?? null };
  const context: ExportContext = {
    ...base,
    childIds: view.childIds,
    includePhotos: base.includePhotos ?? false,
    exportedAt,
    timeZone,
    timeFormat: base.timeFormat ?? DEFAULT_TIME_FORMAT,
    sections: EXPORT_SECTIONS,
    rows: (section, order, withPeople) =>
      sectionRows(base.db, view, section, base.scope, undefined, order, withPeople),
    family: () => familyBackup(base.db, base.familyId),
    careSummaries: () => {
      summaries ??= careSummaries(base.db, view, base.scope.childId, {
        now: exportedAt,
        timeZone,
        timeFormat: context.timeFormat,
      });
      return summaries;
    },
    childNames: () => {
      names ??= (async () => {
        const map = new Map<string, string>();
        const children = EXPORT_SECTIONS.find((s) => s.name === "children")!;
        for await (const child of sectionRows(base.db, view, children))
          map.set(child.id as string, child.name as string);
        return map;
      })();
      return names;
    },
    filledColumns: (section) => filledColumns(base.db, view, section, base.scope),
    linkNames: () => {
      // The linked records whatever the date range (a lab test dated before it), for the chosen child.
      const scope = base.scope.childId ? { childId: base.scope.childId } : {};
      links ??= linkNames({ ...context, rows: (section) => sectionRows(base.db, view, section, scope) });
      return links;
    },
  };
  return context;
}

/**
 * The file's name: 'tpn-tracker-export-{yyyy-MM-dd}.{ext}' (spec section 7 names the JSON one), the
 * date being the family's.
 */
export const exportFileName = (context: ExportContext, format: Pick<ExportFormatter, "extension" | "stem">) =>
  `${format.stem ?? "tpn-tracker-export"}-${todayIn(context.timeZone, context.exportedAt)}.${format.extension}`;

/**
 * A part of a packaged export (a ZIP entry's content) that ends with the package: when the package
 * is closed before it was read to the end (a mail server that gave up on the attachment, a
 * download cut short), its parts stop too, instead of reading on from the database.
 */
export function partOf<T extends Readable>(pack: Readable, part: T): T {
  if (pack.destroyed) {
    stopPart(part);
    return part;
  }
  let parts = partsOf.get(pack);
  if (!parts) {
    const all: Readable[] = [];
    pack.once("close", () => {
      for (const each of all) stopPart(each);
    });
    partsOf.set(pack, all);
    parts = all;
  }
  parts.push(part);
  return part;
}

const partsOf = new WeakMap<Readable, Readable[]>();

function stopPart(part: Readable) {
  // Whatever the part still says (the database it was reading closed) has nobody to tell.
  part.on("error", () => {});
  part.destroy();
}
