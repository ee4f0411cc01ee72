import type { QueryKey } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import type { ChildLinkFormValues } from "@/client/components/children/child-select-field";
import type { Child } from "@/client/lib/children-api";
import type { ListParams, ResourceApi } from "@/client/lib/resource-api";
import type { RecordFieldConfig } from "./record-fields";
import type { SecondLook } from "./second-look";
import type { ResourceMessages } from "./use-resource-mutations";

/** A record as the list returns it: anything with an id, linked to a child or not. */
export interface ScreenRecord {
  id: string;
  childId?: string | null;
}

/**
 * What a card's Edit and Delete buttons do; left out for a role that only reads, and the card
 * then shows neither button.
 */
export interface RecordCardActions {
  onEdit?: () => void;
  onDelete?: () => void;
  /**
   * Set by `InlineRecordScreen`: the card stays mounted but hidden while its edit form shows, so
   * the focus can go back to its Edit button. Cards of dialog screens never get one.
   */
  className?: string;
}

/** What the texts of a screen may depend on: the child whose records it shows (null: every child). */
export interface ScreenContext {
  child: Child | null;
}

/**
 * A form's fields: a fixed list, or a function of the family's 'Child' select field for forms
 * whose values link the record to a child.
 */
export type RecordScreenFields<TValues extends FieldValues> =
  | readonly RecordFieldConfig<TValues>[]
  | ((childField: RecordFieldConfig<TValues & ChildLinkFormValues>) => readonly RecordFieldConfig<TValues>[]);

/** A record form driven by a field list and a domain schema; each feature's form file exports one (`labTestForm`). */
export interface RecordForm<T extends ScreenRecord, TValues extends FieldValues, TOutput> {
  /** The domain schema that turns the form values into the request body. */
  schema: z.ZodType<TOutput, FieldValues>;
  fields: RecordScreenFields<TValues>;
  /**
   * The strings the inputs start from: the record's, or (record null) the empty form, where a
   * record linked to a child starts linked to the child the screen shows (`childId`).
   */
  toFormValues: (record: T | null, childId: string | null) => TValues;
  /** Questions to ask before saving unusual values (see `SecondLook`). */
  secondLooks?: (output: TOutput, context: SecondLookContext<T>) => readonly SecondLook[];
}

/** What a form's second looks may consult: the record edited (null: adding) and the list shown. */
export interface SecondLookContext<T> {
  record: T | null;
  items: readonly T[] | undefined;
  /** Leaves this form for the edit form of a listed record. */
  edit: (record: T) => void;
}

/** What a screen's own add/edit dialog is given (see `CustomRecordForm`). */
export interface RecordFormDialogProps<T, TOutput> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record being edited; null when adding. */
  record: T | null;
  title: string;
  description?: string;
  submitLabel: string;
  pendingLabel: string;
  /**
   * Sends the request. Resolving closes the dialog; rejecting keeps it open with the typed values.
   * A new record given its form's `entry` is saved through this device's outbox (it resolves with
   * an `EntryOutcome`); without one, it is sent as it is (and resolves with the record).
   */
  onSubmit: (output: TOutput, entry?: { key: string }) => Promise<unknown>;
}

/**
 * A form the field list cannot describe (the child's colour picker, a photo upload): the screen
 * renders this dialog in place of the generic one and keeps everything else.
 */
export interface CustomRecordForm<T, TOutput> {
  Dialog: ComponentType<RecordFormDialogProps<T, TOutput>>;
}

export type RecordScreenForm<T extends ScreenRecord, TValues extends FieldValues, TOutput> =
  | RecordForm<T, TValues, TOutput>
  | CustomRecordForm<T, TOutput>;

/** The texts of the add form. */
export interface AddFormTexts {
  /** The dialog's title or the inline form's heading: the header's add label ('Add Lab Test') by default. */
  title?: string;
  description?: string | ((context: ScreenContext) => string);
  submitLabel: string;
  /** Shown on the submit button while the request runs: 'Adding...' by default. */
  pendingLabel?: string;
}

/** The texts of the edit form. */
export interface EditFormTexts<T> {
  /** The dialog's title or the inline form's heading (its accessible name). */
  title: string;
  description?: (record: T, context: ScreenContext) => string;
  submitLabel: string;
  /** Shown on the submit button while the request runs: 'Updating...' by default. */
  pendingLabel?: string;
}

/** What the list shows when it has no record yet; its button opens the add form. */
export interface RecordScreenEmptyState {
  icon: LucideIcon;
  title: string;
  text: string | ((context: ScreenContext) => string);
  /** The button's label ('Add First Note'); the header's add label when left out. */
  actionLabel?: string;
}

/** The delete confirmation: its title, and the record's name in the default question or a whole question. */
export interface RecordScreenDeletion<T> {
  title: string;
  /** Quoted in 'Are you sure you want to delete "name"? This action cannot be undone.' */
  itemName?: (record: T) => string;
  /** Replaces that question entirely. */
  description?: (record: T) => string;
}

/** Everything one record screen differs in; the screen components do the rest. */
export interface RecordScreenConfig<T extends ScreenRecord, TValues extends FieldValues, TOutput> {
  /** The page's <h1>. */
  title: string;
  subtitle: string;
  /** The header's add button: 'Add Lab Test'. */
  addLabel: string;
  api: ResourceApi<T, TOutput, ListParams>;
  /**
   * Whether the list shows only the records of the header's chosen child (and those linked to
   * none). A page with a child picker of its own passes its choice instead (`childId`).
   */
  followsChildFilter: boolean;
  /** The toasts of create, update and delete. */
  messages: ResourceMessages;
  /** The failure toasts' title ('Error'); by default the failure text is the title. */
  failureTitle?: string;
  /**
   * Queries a change affects besides this resource's lists and the dashboard's activity feed
   * (which every screen reloads), e.g. `[dashboardStatsQueryKey]`.
   */
  alsoInvalidate?: readonly QueryKey[];
  /** A sentence under a create or update toast about the saved record (what a bag's kit drew). */
  savedNote?: (record: T) => string | undefined;
  form: RecordScreenForm<T, TValues, TOutput>;
  addForm: AddFormTexts;
  editForm: EditFormTexts<T>;
  /**
   * One record's card, with its Edit and Delete buttons when the role may change records (a page
   * may pass its own `renderCard`).
   */
  renderCard: (record: T, actions: RecordCardActions) => ReactNode;
  empty: RecordScreenEmptyState;
  /** What the Delete button asks. */
  deletion: RecordScreenDeletion<T>;
  /** Placeholder cards while the list loads (6 by default). */
  skeletonCount?: number;
  /** A spinner with this label while the list loads, instead of placeholder cards ('Loading supplies...'). */
  loadingLabel?: string;
  /** The failed list's headline ('Failed to fetch TPN entries'), also shown as a toast when `toast` is set. */
  listError?: { title: string; toast?: boolean };
  /** Added to the card grid's classes. */
  gridClassName?: string;
}

/**
 * Which records a screen lists, when the page decides more than the config: its own child
 * picker, a category filter, a search.
 */
export interface RecordScreenScope<T> {
  /** The child the page chose itself (TPN, PICC lines): lists and new records use it, not the header's filter. */
  childId?: string | null;
  /** More list parameters for the server (a category filter). */
  params?: ListParams;
  /** Narrows the loaded list on the client (the children search). */
  select?: (records: readonly T[]) => readonly T[];
}

/** The places a page fills in around the shared list, form and delete confirmation. */
export interface RecordScreenSlots<T> {
  /** Buttons beside the add button ('Export CSV'). */
  headerExtras?: ReactNode;
  /** Above the list: a filter bar, a child picker, a banner ('3 supplies need reordering'). */
  filters?: ReactNode;
  /** Replaces the config's card, e.g. to add a button that opens one of the page's `dialogs`. */
  renderCard?: (record: T, actions: RecordCardActions) => ReactNode;
  /** The page's own dialogs ('Record Supply Usage'), rendered beside the add/edit and delete ones. */
  dialogs?: ReactNode;
  /**
   * Shown instead of the list while the screen has nothing to list (no child chosen yet): the list
   * is not requested and the add button is disabled.
   */
  blocked?: ReactNode;
  /** Replaces the empty state (a search that matches nothing). */
  empty?: ReactNode;
}

/** The props of a whole record screen: its config, the page's scope and its slots. */
export type RecordScreenProps<T extends ScreenRecord, TValues extends FieldValues, TOutput> = {
  config: RecordScreenConfig<T, TValues, TOutput>;
} & RecordScreenScope<T> &
  RecordScreenSlots<T>;

/**
 * Checks a screen's config where it is written (a constant beside the page) and infers its record
 * and form types from `api` and `form`, so the callbacks in it are typed.
 */
export function defineRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>(
  config: RecordScreenConfig<T, TValues, TOutput>,
): RecordScreenConfig<T, TValues, TOutput> {
  return config;
}

/** Whether a screen's form is the generic, field-driven one. */
export function isFieldForm<T extends ScreenRecord, TValues extends FieldValues, TOutput>(
  form: RecordScreenForm<T, TValues, TOutput>,
): form is RecordForm<T, TValues, TOutput> {
  return "fields" in form;
}
