import { Plus } from "lucide-react";
import type { FieldValues } from "react-hook-form";
import { Button, type ButtonProps } from "@/client/components/ui/button";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import type { RecordScreenConfig, ScreenRecord } from "./types";

/** The part of a screen's config these pieces read (it does not depend on the record type). */
type ScreenTexts = Pick<
  RecordScreenConfig<ScreenRecord, FieldValues, unknown>,
  "title" | "subtitle" | "addLabel" | "empty"
>;

/** A record screen's add button: a plus and the label ('Add Lab Test', 'Add First Note'). */
export function AddRecordButton({ label, ...props }: Omit<ButtonProps, "children"> & { label: string }) {
  return (
    <Button {...props}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The screen's title, subtitle and add button. */
export function RecordScreenHeader({
  config,
  addButtonProps,
}: {
  config: ScreenTexts;
  /** What the add button does (and says about the form it controls). */
  addButtonProps: Omit<ButtonProps, "children">;
}) {
  return (
    <PageHeader
      title={config.title}
      subtitle={config.subtitle}
      actions={<AddRecordButton label={config.addLabel} {...addButtonProps} />}
    />
  );
}

/** What the list shows before the first record, with a button that opens the add form. */
export function RecordScreenEmpty({ config, onAdd }: { config: ScreenTexts; onAdd: () => void }) {
  const { empty } = config;
  return (
    <EmptyState
      icon={empty.icon}
      title={empty.title}
      text={empty.text}
      action={<AddRecordButton label={empty.actionLabel ?? config.addLabel} onClick={onAdd} />}
    />
  );
}
