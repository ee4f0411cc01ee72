import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AuditAction } from "../../domain/dashboard";
import type { FieldIssue } from "../../domain/fields";
import type { Tx } from "../db/client";
import type { ChildScope } from "./child-scope";
import type { WriteContext } from "./transaction";

/** The columns every owned table has (`version`: how many times it was written, see columns.ts). */
export type OwnedTable = PgTable & {
  id: PgColumn;
  familyId: PgColumn;
  createdAt: PgColumn;
  version: PgColumn;
};
/** A stored record of `T`, read with the names of who added it and changed it last (`withAuthorNames`). */
export type RowOf<T extends OwnedTable> = T["$inferSelect"] &
  (T["$inferSelect"] extends { createdBy: unknown }
    ? { createdByName: string | null; updatedByName: string | null }
    : unknown);
/** What a request may set on a record of `T` (never its family, id, authors or timestamps: the input schemas drop them). */
export type ValuesOf<T extends OwnedTable> = Partial<T["$inferInsert"]>;

/** A field that points at another record of the family: it must belong to the same family. */
export interface OwnedReference {
  field: string;
  table: PgTable & { id: PgColumn; familyId: PgColumn };
  /** Names the record in the 404: 'Child not found'. */
  label: string;
}

/** One change of a record, as hooks see it: `before` is null for a create, `after` for a delete. */
export interface RecordChange<R> {
  action: AuditAction;
  before: R | null;
  after: R | null;
}

export interface RecordHooks<R> {
  /**
   * Runs inside the change's transaction before the row is written (a create, or an update with
   * `before` the stored record, locked): completes or checks the values a request sent (a dose's
   * date on the family's clock, its medication's child) and may refuse the change by throwing.
   * Answers the values to write.
   */
  prepare?(
    ctx: WriteContext,
    values: Record<string, unknown>,
    before: R | null,
  ): Promise<Record<string, unknown>>;
  /**
   * Runs inside the change's transaction, after the row is written: keep other records in step
   * (a supply's stock) or check a rule across records (an infection's line is the same child's).
   * Throwing rolls the whole change back.
   */
  inTransaction?(ctx: WriteContext, change: RecordChange<R>): Promise<void>;
  /**
   * Runs inside a deletion's transaction before the row goes (its version checked): undo what
   * other records hold of it while their links still point at it (the supplies a bag's kit drew,
   * whose links the row's deletion would clear). A delete that then finds no row rolls it back.
   */
  beforeDelete?(ctx: WriteContext, id: string): Promise<void>;
  /** Runs once the change has committed (e.g. remove a stored file). */
  afterCommit?(change: RecordChange<R>): Promise<void>;
}

/** A record type owned by a user: its table and the rules every query of it follows. */
export interface OwnedRecordType<T extends OwnedTable> {
  /** The audit log's name of the record type, e.g. "care_team_member". */
  entity: string;
  table: T;
  /** How `childId` filters a list; lists ignore it when left out. */
  childScope?: ChildScope;
  /**
   * Other fields a list can be narrowed by (`?supplyId=`, `?category=`): the query parameter, its
   * column, and its allowed values (an id when left out).
   */
  listFilters?: Readonly<Record<string, ListFilter>>;
  /** Linked records checked for ownership; `childId` (when the table has it) always is. */
  references?: readonly OwnedReference[];
  /** Newest first by default (`newestFirst`): the record's date, its time of day, then creation time. */
  orderBy?: SQL[];
  /**
   * Lists that grow without bound (a daily log over years) come in pages, newest first, each
   * after the last record of the one before (a keyset: the date, the time of day, the creation
   * time and the id, so no record is skipped or repeated). `dateColumn`: the record's date when it
   * is not `date` (a usage's `usageDate`); none for undated records (notes).
   */
  paged?: { dateColumn?: PgColumn };
  /** A short label of a record for the activity feed (its name or title). */
  summary(row: RowOf<T>): string | null;
  /**
   * The type's rule across fields (the one its input schema checks with `acrossFields`), checked
   * again on every stored result: a PATCH that sends one field cannot break it. Issues are a 400.
   */
  rule?(row: RowOf<T>): readonly FieldIssue[];
  hooks?: RecordHooks<RowOf<T>>;
  /**
   * Figures a record is read with beyond its columns (a temperature's `feverWithLine`), for a
   * page of rows at once; every answer of the type (lists, one record, a change) carries them. The
   * declaration names them in `computed`, so the response-schema test expects them.
   */
  extend?(tx: Tx, familyId: string, rows: readonly RowOf<T>[]): Promise<RowOf<T>[]>;
}

export interface ListFilter {
  column: PgColumn;
  values?: readonly [string, ...string[]];
}

/** Records per page of a paged list, unless the request asks for fewer (at most `MAX_PAGE_SIZE`). */
export const PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export interface Page<Row> {
  rows: Row[];
  /** The id of the last record, to ask for the next page with; null on the last page. */
  next: string | null;
}

export interface ListOptions {
  /** Only this child's records (and, with the "withUnlinked" scope, those linked to no child). */
  childId?: string | null;
  /** Values of the type's `listFilters`, e.g. `{ supplyId }`. */
  where?: Readonly<Record<string, string | undefined>>;
}
