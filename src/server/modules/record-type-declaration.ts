import type { z } from "zod";
import type { ChildScope } from "../lib/child-scope";
import type { OwnedTable } from "../lib/owned-records";

/** What the server knows of one record type, said once; every list of record types is read from here. */
export interface RecordTypeDeclaration<T extends OwnedTable = OwnedTable> {
  /** The audit log's name of the record type: "care_team_member". */
  entity: string;
  table: T;
  /**
   * How the chosen child narrows its list, its dashboard count and its export section; left out
   * for types without a child link (the care team, supplies) and for the children themselves.
   */
  childScope?: ChildScope;
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
}
