import type { QueryKey } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import type { ChildLinkFormValues } from "@/client/components/children/child-select-field";
import type { RecordFieldConfig } from "@/client/components/ui/record-fields";
import type { ResourceApi } from "@/client/lib/create-resource-api";
import type { ResourceMessages } from "@/client/lib/use-resource-mutations";

/** A record as the list returns it: anything with an id. */
export interface ScreenRecord {
  id: string;
}

/** What a card's Edit and Delete buttons do. */
export interface RecordCardActions {
  onEdit: () => void;
  onDelete: () => void;
  /**
   * Set by `InlineRecordScreen`: the card stays mounted but hidden while its edit form shows, so
   * the focus can go back to its Edit button. Cards of dialog screens never get one.
   */
  className?: string;
}

/**
 * A form's fields: a fixed list, or a function of the family's 'Child' select field for forms
 * whose values link the record to a child.
 */
export type RecordScreenFields<TValues extends FieldValues> =
  | readonly RecordFieldConfig<TValues>[]
  | ((childField: RecordFieldConfig<TValues & ChildLinkFormValues>) => readonly RecordFieldConfig<TValues>[]);

/** What a record form is made of; each feature's form file exports one (`labTestForm`). */
export interface RecordForm<T extends ScreenRecord, TValues extends FieldValues, TOutput> {
  /** The domain schema that turns the form values into the request body. */
  schema: z.ZodType<TOutput, FieldValues>;
  fields: RecordScreenFields<TValues>;
  /**
   * The strings the inputs start from: the record's, or (record null) the empty form, where a
   * record linked to a child starts linked to the header's chosen child (`filterChildId`).
   */
  toFormValues: (record: T | null, filterChildId: string | null) => TValues;
}

/** The texts of the add form. */
export interface AddFormTexts {
  /** The dialog's title or the inline form's heading: the header's add label ('Add Lab Test') by default. */
  title?: string;
  description?: string;
  submitLabel: string;
  /** Shown on the submit button while the request runs: 'Adding...' by default. */
  pendingLabel?: string;
}

/** The texts of the edit form. */
export interface EditFormTexts<T> {
  /** The dialog's title or the inline form's heading (its accessible name). */
  title: string;
  description?: (record: T) => string;
  submitLabel: string;
  /** Shown on the submit button while the request runs: 'Updating...' by default. */
  pendingLabel?: string;
}

/** What the list shows when it has no record yet; its button opens the add form. */
export interface RecordScreenEmptyState {
  icon: LucideIcon;
  title: string;
  text: string;
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
  api: ResourceApi<T, TOutput, { childId?: string }>;
  /** Whether the list shows only the records of the header's chosen child (and those linked to none). */
  followsChildFilter: boolean;
  /** The toasts of create, update and delete. */
  messages: ResourceMessages;
  /**
   * Queries a change affects besides this resource's lists and the dashboard's activity feed
   * (which every screen reloads), e.g. `[dashboardStatsQueryKey]`.
   */
  alsoInvalidate?: readonly QueryKey[];
  form: RecordForm<T, TValues, TOutput>;
  addForm: AddFormTexts;
  editForm: EditFormTexts<T>;
  /** One record's card, with its Edit and Delete buttons. */
  renderCard: (record: T, actions: RecordCardActions) => ReactNode;
  empty: RecordScreenEmptyState;
  /** What the Delete button asks. */
  deletion: RecordScreenDeletion<T>;
  /** Placeholder cards while the list loads (6 by default). */
  skeletonCount?: number;
  /** Added to the card grid's classes. */
  gridClassName?: string;
}

/**
 * Checks a screen's config where it is written (a constant beside the page) and infers its record
 * and form types from `api` and `form`, so the callbacks in it are typed.
 */
export function defineRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>(
  config: RecordScreenConfig<T, TValues, TOutput>,
): RecordScreenConfig<T, TValues, TOutput> {
  return config;
}
