import type { Resource } from "@medplum/fhirtypes";
import type { z } from "zod";
import type { SharedRecordType } from "../../domain/record-types/declaration";
import type { ChildScope } from "../lib/child-scope";
import type { Links } from "../lib/fhir/link-type";
import type { OwnedTable } from "../lib/owned-records";

type Row = Record<string, unknown>;

/**
 * How a readable export (a spreadsheet, a CSV, a report) shows the type's records, beyond what
 * every type gets (names for links, the shared part's labels for codes, Yes/No, the family's zone).
 */
export interface ReadableFacet {
  /** The labels of its coded fields, by field: the lists the forms offer (src/domain). */
  codes?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The labels of its fields holding lists of codes (a site check's findings). */
  listCodes?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Measurements whose unit depends on the record (a vital's value, in the unit of its kind). */
  units?: Readonly<Record<string, (row: Row) => string | undefined>>;
  /** Labels with units the shared labels leave out because they differ by type: "Duration (hours)". */
  labels?: Readonly<Record<string, string>>;
  /** Columns another column already says in words (a medication's schedule is one sentence). */
  saidElsewhere?: readonly string[];
  /** Columns shown as a sentence of their own, as the type's card says it. */
  texts?: Readonly<Record<string, (row: Row) => string | null>>;
  /**
   * Figures the record is answered with beyond its columns (a feed's total and energy), as
   * numbers, each placed after a column and written in a report when a column it is worked out
   * from is (`from`).
   */
  figures?: readonly {
    key: string;
    label: string;
    after: string;
    from: readonly string[];
    value: (row: Row) => number | null;
  }[];
}

/** How a FHIR export writes the type's records, or why it leaves them out. */
export type FhirFacet =
  /** Each row becomes its resources; none means the row was left out (it has no patient). */
  | { resources: (row: never, links: Links) => Resource[] }
  /** The whole section at once (the care team: its members, then one team naming them). */
  | { section: (rows: AsyncGenerator<Row>, links: Links) => AsyncGenerator<Resource> }
  | { none: string };

/** What a restore checks of a record beyond its schema and its links, with the records it links to. */
export interface RestoreFacet {
  /**
   * The API's rules across a record and what it links to, on the records of the file (`linked`:
   * a record of the file by the id the restore gives it); may fill in what the server keeps in
   * step (a dose's child is its medication's). Answers the first issue, if any.
   */
  check?(row: Row, linked: (id: string) => Row | undefined): { path: string; message: string } | undefined;
  /** Its records carry a photo, kept as a file beside them in a backup and re-encoded like an upload. */
  photo?: true;
}

/** What an example body links to and fills in: the family's records made before it. */
export interface ExampleFamily {
  /**
   * A record of an earlier type of the family, by the type's name in RECORD_TYPES (a child: the
   * one whose records these are).
   */
  id(name: string): string;
  /** The family's date today. */
  today: string;
  /** A number of its own for each example (two versions of a prescription cannot start on one day). */
  serial: number;
  /** An uploaded photo's path, for a type whose records carry one. */
  photoUrl: string;
}

/** What the server knows of one record type, said once; every list of record types is read from these. */
export interface RecordTypeDeclaration<T extends OwnedTable = OwnedTable> {
  /** What the client knows of it too (src/domain/record-types). */
  shared: SharedRecordType;
  /** The audit log's name of the record type: "care_team_member" (the shared part's). */
  entity: string;
  table: T;
  /**
   * How the chosen child narrows its list, its dashboard count and its export section; left out
   * for types without a child link (the care team, supplies) and for the children themselves.
   */
  childScope?: ChildScope;
  /** The children: an export for a chosen child holds that child only. */
  exportsOnlyChosenChild?: true;
  /** The export section's heading a person reads: 'TPN Entries'. */
  title: string;
  /** The column an export's date range applies to; undated sections are whole. */
  dateKey?: string;
  /** The date a person reads the section in order of, when it is not `dateKey` (a line's insertion). */
  orderKey?: string;
  /** The body a form, the API and a restore check a record with. */
  input: z.ZodObject;
  /**
   * The body a restore checks a record with, for a type whose stored fields differ from the API's
   * body: what the server keeps beside it (a version's end, a dose's time on the family's clock)
   * and never reads from a form, less what the API reads and never stores (a confirmation).
   * `input` when left out.
   */
  restoreInput?: z.ZodObject;
  /** The answer's shape: every column of the table but the owner. */
  record: z.ZodObject;
  /** Counted on the dashboard (`GET /api/dashboard/stats`, under the same name). */
  onDashboard?: true;
  /** Figures the record is answered with beyond its columns (its queries' `extend`). */
  computed?: readonly string[];
  /**
   * Its collection in the API (list, one, create, the update methods, delete), with a body a client
   * may send to create one (the access matrix checks every route of it with that body, for every
   * role), or why it has none (written through another type's routes).
   */
  api:
    | {
        collection: string;
        update: readonly ("PATCH" | "PUT")[];
        example(family: ExampleFamily): Record<string, unknown>;
      }
    | { none: string };
  readable?: ReadableFacet;
  fhir: FhirFacet;
  restore?: RestoreFacet;
}

/** A record type's server part, joined to its shared part (whose audit name it takes). */
export function declareRecordType<
  const S extends SharedRecordType,
  const D extends Omit<RecordTypeDeclaration, "shared" | "entity">,
>(shared: S, server: D): D & { shared: S; entity: S["entity"] } {
  return { ...server, shared, entity: shared.entity };
}
