import { Eye, Plus } from "lucide-react";
import { Component, lazy, type ReactNode, Suspense, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { Button, type ButtonProps } from "@/client/components/ui/button";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import type { Child } from "@/client/lib/children-api";
import { waitingOf } from "@/client/lib/pending-saves";
import { useCan } from "@/client/lib/permissions";
import { cn } from "@/client/lib/utils";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { ListedRecordProvider } from "./record-authors";
import { RecordCardGrid } from "./record-card-grid";
import type { RecordDialogProps } from "./record-dialog";

/**
 * The form dialog and its libraries (forms, validation) load when a form is first opened, not
 * with the screen: a page that only lists (the dashboard) does not carry them.
 */
const RecordDialog = lazy(() => import("./record-dialog").then((m) => ({ default: m.RecordDialog }))) as <
  TValues extends FieldValues,
  TOutput,
>(
  props: RecordDialogProps<TValues, TOutput>,
) => ReactNode;

import { isFieldForm, type ScreenRecord } from "./types";
import type { RecordScreenState } from "./use-record-screen";

/**
 * A record screen's add button: a plus and the label ('Add Lab Test', 'Add First Note'). Nothing
 * for a role that only reads.
 */
export function AddRecordButton({ label, ...props }: Omit<ButtonProps, "children"> & { label: string }) {
  if (!useCan("write")) return null;
  return (
    <Button {...props}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/** In place of the add button for a role that only reads: what the person can do here. */
export function ReadOnlyNote({ className }: { className?: string }) {
  if (useCan("write")) return null;
  return (
    <p className={cn("flex items-center gap-1.5 text-muted-foreground text-sm", className)}>
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      You can read this family's records
    </p>
  );
}

/** The screen's title, subtitle, the page's extra buttons and the add button (or, to a reader, a note). */
export function RecordScreenHeader<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  screen,
  addButtonProps,
  extras,
}: {
  screen: RecordScreenState<T, TValues, TOutput>;
  /** What the add button does (and says about the form it controls). */
  addButtonProps: Omit<ButtonProps, "children">;
  /** Buttons before the add button ('Export CSV'). */
  extras?: ReactNode;
}) {
  const { config } = screen;
  return (
    <PageHeader
      title={config.title}
      subtitle={config.subtitle}
      actions={
        <>
          {extras}
          <AddRecordButton label={config.addLabel} disabled={!screen.canAdd} {...addButtonProps} />
          <ReadOnlyNote />
        </>
      }
    />
  );
}

/** Clears the header's child filter and puts the focus on the page, as the button that did it goes away. */
function showAll(screen: { showAllChildren: () => void }) {
  screen.showAllChildren();
  document.getElementById("main")?.focus({ preventScroll: true });
}

/** Above a list that shows one child's records: whose they are, and the way back to every child's. */
export function ChildFilterNotice({ child, onShowAll }: { child: Child; onShowAll: () => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-primary/20 bg-accent px-3 py-2 text-sm">
      <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
      <p>
        Showing <span className="font-semibold">{child.name}'s</span> records
      </p>
      <span aria-hidden="true" className="text-muted-foreground">
        ·
      </span>
      <Button variant="link" className="h-auto p-0" onClick={onShowAll}>
        Show all
      </Button>
    </div>
  );
}

/**
 * What the list shows before the first record, with a button that opens the add form. When the
 * list shows one child's records, it says there are none for that child and offers to show all.
 * A role that only reads gets neither the button nor the invitation to add.
 */
export function RecordScreenEmpty<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  screen,
  onAdd,
}: {
  screen: RecordScreenState<T, TValues, TOutput>;
  onAdd: () => void;
}) {
  const { empty, addLabel } = screen.config;
  const add = <AddRecordButton label={empty.actionLabel ?? addLabel} onClick={onAdd} />;
  const child = screen.filterChild;
  if (child) {
    return (
      <EmptyState
        icon={empty.icon}
        title={`${empty.title} for ${child.name}`}
        text={`Records of other children are hidden while this list shows ${child.name}'s.`}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {add}
            <Button variant="outline" onClick={() => showAll(screen)}>
              Show all
            </Button>
          </div>
        }
      />
    );
  }
  if (!screen.canWrite) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} text="Records the family adds will show here." />
    );
  }
  const text = typeof empty.text === "function" ? empty.text(screen.context) : empty.text;
  return <EmptyState icon={empty.icon} title={empty.title} text={text} action={add} />;
}

/**
 * The list part of a record screen: the child-filter notice, then the cards (skeletons, error with
 * retry, empty state), or the page's `blocked` content while there is nothing to list. By default
 * the cards are the config's and open the screen's dialogs. Each card is given its record
 * (`ListedRecordProvider`), so it can say who added and changed it.
 */
export function RecordScreenList<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  screen,
  renderItem,
  empty,
  blocked,
  className,
}: {
  screen: RecordScreenState<T, TValues, TOutput>;
  renderItem?: (record: T) => ReactNode;
  /** The empty state: `RecordScreenEmpty` by default. */
  empty?: ReactNode;
  blocked?: ReactNode;
  className?: string;
}) {
  if (blocked) return <>{blocked}</>;
  const { gridProps, filterChild, dialogs, config } = screen;
  // An empty filtered list says whose records it looked for itself.
  const emptyShown = !gridProps.isLoading && !gridProps.error && gridProps.items?.length === 0;
  return (
    <>
      {filterChild && !emptyShown ? (
        <ChildFilterNotice child={filterChild} onShowAll={() => showAll(screen)} />
      ) : null}
      <RecordCardGrid
        {...gridProps}
        className={cn(config.gridClassName, className)}
        renderItem={(record) => {
          const card = renderItem
            ? renderItem(record)
            : config.renderCard(record, screen.cardActions(record));
          const waiting = waitingOf(record);
          return (
            <ListedRecordProvider record={record}>
              {waiting ? <WaitingCard label={waiting.label}>{card}</WaitingCard> : card}
            </ListedRecordProvider>
          );
        }}
        empty={empty === undefined ? <RecordScreenEmpty screen={screen} onAdd={dialogs.openAdd} /> : empty}
      />
    </>
  );
}

/**
 * A record saved on this device and not sent yet is drawn from what was saved, without what only
 * the server works out: should its card need that and fail, it shows what it is and that it waits.
 */
class WaitingCard extends Component<{ label: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="rounded-xl border border-border bg-card p-5 text-sm">
        <p className="font-semibold text-base first-letter:uppercase">{this.props.label}</p>
        <p className="mt-1 font-medium text-amber-800 text-xs">Waiting to send</p>
      </div>
    );
  }
}

/** The add/edit dialog: the generic one driven by the form's fields, or the config's own `Dialog`. */
export function RecordFormDialog<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  screen,
}: {
  screen: RecordScreenState<T, TValues, TOutput>;
}) {
  const { form } = screen.config;
  const { editing, formOpen, setFormOpen } = screen.dialogs;
  const opened = useOnceTrue(formOpen);
  if (!opened) return null;
  if (!isFieldForm(form)) {
    return (
      <Suspense fallback={null}>
        <form.Dialog {...screen.formDialogProps} />
      </Suspense>
    );
  }
  const props = screen.formProps(editing);
  return (
    <Suspense fallback={null}>
      <RecordDialog
        // A new form for each record: 'edit that one' from the add form starts from its values.
        key={editing ? editing.id : "new"}
        open={formOpen}
        onOpenChange={setFormOpen}
        {...props}
        description={props.description ?? (editing ? undefined : "Required fields are marked *.")}
      />
    </Suspense>
  );
}

/** The screen's dialogs: add/edit, the delete confirmation, and the page's own dialogs (`children`). */
export function RecordScreenDialogs<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  screen,
  withFormDialog = true,
  children,
}: {
  screen: RecordScreenState<T, TValues, TOutput>;
  /** False where the forms are shown in the page (`InlineRecordScreen`). */
  withFormDialog?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      {withFormDialog ? <RecordFormDialog screen={screen} /> : null}
      <ConfirmDeleteDialog {...screen.confirmDeleteProps} />
      {children}
    </>
  );
}

/** True from the first render where `value` is true on (a dialog mounted once opened keeps its closing animation). */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
