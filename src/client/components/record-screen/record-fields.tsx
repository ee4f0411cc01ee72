import { ChevronDown } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Controller, type FieldValues, type Path, type UseFormReturn, useWatch } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Textarea } from "@/client/components/ui/textarea";
import { TimeInput } from "@/client/components/ui/time-input";
import { cn } from "@/client/lib/utils";

export type RecordFieldType =
  | "text"
  | "email"
  | "tel"
  | "url"
  | "date"
  | "time"
  | "number"
  | "textarea"
  | "select";

/** One input of a record form. Form values are the strings the inputs hold; the schema converts them. */
export interface RecordFieldConfig<TValues extends FieldValues> {
  name: Path<TValues>;
  /** Shown as written: mark required fields in it ("Name *"). */
  label: string;
  type?: RecordFieldType;
  /** Sets aria-required; validation itself is the schema's. */
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
  /** For type "select". A field without a value shows the placeholder. */
  options?: readonly { value: string; label: string }[];
  /** Textarea rows (default 3). */
  rows?: number;
  /** Number inputs: "1" for integers, "0.01" for money. */
  step?: string;
  min?: string;
  max?: string;
  /** Span both columns on wide dialogs (textareas always do). */
  wide?: boolean;
  /**
   * Choices offered as the person types (a datalist): the usual values, any other may be typed.
   * For text fields.
   */
  suggestions?: readonly string[];
  /**
   * Shown only while another field holds one of these values (a schedule's times only for a
   * schedule at set times). A hidden field keeps its value: the form's schema decides whether it
   * is sent.
   */
  shownWhen?: { field: Path<TValues>; is: readonly string[] };
  /**
   * A less-used optional field: shown under 'More details', so a phone shows the fields that
   * matter first and Save sooner. It opens by itself when one of these fields holds a value or an
   * error.
   */
  more?: boolean;
}

/**
 * Renders the configured fields in a two-column grid (one column on phones): the main fields,
 * then a 'More details' button showing the `more` ones.
 */
export function RecordFields<TValues extends FieldValues, TOutput>({
  form,
  fields,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  fields: readonly RecordFieldConfig<TValues>[];
}) {
  const { errors } = form.formState;
  const more = fields.filter((field) => field.more);
  const moreId = useId();
  const [showMore, setShowMore] = useState(() =>
    more.some((field) => String(form.getValues(field.name) ?? "") !== ""),
  );
  const moreHasError = more.some((field) => errors[field.name]);
  useEffect(() => {
    if (moreHasError) setShowMore(true);
  }, [moreHasError]);
  const main = fields.filter((field) => !field.more);
  return (
    <div className="flex flex-col gap-4">
      {main.length > 0 ? <FieldGrid form={form} fields={main} /> : null}
      {more.length > 0 ? (
        <>
          <Button
            variant="ghost"
            className="self-start px-2 text-primary"
            aria-expanded={showMore}
            aria-controls={moreId}
            onClick={() => setShowMore((open) => !open)}
          >
            <ChevronDown
              aria-hidden="true"
              className={cn("transition-transform", showMore && "rotate-180")}
            />
            {showMore ? "Fewer details" : "More details"}
          </Button>
          {/* Hidden, not unmounted: the fields keep their values and drafts. */}
          <div id={moreId} hidden={!showMore}>
            <FieldGrid form={form} fields={more} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function FieldGrid<TValues extends FieldValues, TOutput>({
  form,
  fields,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  fields: readonly RecordFieldConfig<TValues>[];
}) {
  const { errors } = form.formState;
  const watched = [...new Set(fields.flatMap((field) => (field.shownWhen ? [field.shownWhen.field] : [])))];
  // Only the fields a shown-when names are watched: typing elsewhere does not render the grid again.
  const watchedValues = useWatch({
    control: form.control,
    name: watched,
    disabled: watched.length === 0,
  }) as unknown[] | undefined;
  const shown = (field: RecordFieldConfig<TValues>) => {
    if (!field.shownWhen) return true;
    const value = watchedValues?.[watched.indexOf(field.shownWhen.field)];
    return field.shownWhen.is.includes(String(value ?? ""));
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.filter(shown).map((field) => {
        const type = field.type ?? "text";
        const error = errors[field.name]?.message;
        return (
          <FormField
            // Two entries may share a name when each is shown for other values (their labels differ).
            key={`${field.name}:${field.label}`}
            label={field.label}
            hint={field.hint}
            error={typeof error === "string" ? error : undefined}
            required={field.required}
            // min-w-0: a long choice in a select is cut short instead of widening the form.
            className={cn("min-w-0", (field.wide || type === "textarea") && "sm:col-span-2")}
          >
            {(control) =>
              type === "textarea" ? (
                <Textarea
                  {...control}
                  {...form.register(field.name)}
                  rows={field.rows ?? 3}
                  placeholder={field.placeholder}
                />
              ) : type === "time" ? (
                // Written the family's way: a native time field shows the browser's format.
                <Controller
                  control={form.control}
                  name={field.name}
                  render={({ field: time }) => (
                    <TimeInput
                      {...control}
                      name={time.name}
                      ref={time.ref}
                      value={time.value ?? ""}
                      onChange={time.onChange}
                      onBlur={time.onBlur}
                    />
                  )}
                />
              ) : type === "select" ? (
                <Controller
                  control={form.control}
                  name={field.name}
                  render={({ field: select }) => (
                    <Select value={select.value ?? ""} onValueChange={select.onChange} name={select.name}>
                      <SelectTrigger {...control} ref={select.ref} onBlur={select.onBlur}>
                        <SelectValue placeholder={field.placeholder ?? "Select..."} />
                      </SelectTrigger>
                      <SelectContent>
                        {(field.options ?? []).map((option) => (
                          <SelectItem key={option.value} value={option.value}>
                            {option.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              ) : (
                <>
                  <Input
                    {...control}
                    {...form.register(field.name)}
                    type={type}
                    inputMode={inputModeOf(type, field.step)}
                    placeholder={field.placeholder}
                    autoComplete={field.autoComplete}
                    step={field.step}
                    min={field.min}
                    max={field.max}
                    list={field.suggestions ? `${control.id}-suggestions` : undefined}
                  />
                  {field.suggestions ? (
                    <datalist id={`${control.id}-suggestions`}>
                      {field.suggestions?.map((suggestion) => (
                        <option key={suggestion} value={suggestion} />
                      ))}
                    </datalist>
                  ) : null}
                </>
              )
            }
          </FormField>
        );
      })}
    </div>
  );
}

/** The phone keyboard a field needs: digits, a decimal point, a phone pad or an email keyboard. */
function inputModeOf(type: RecordFieldType, step: string | undefined) {
  if (type === "number") return step && step !== "1" ? "decimal" : "numeric";
  if (type === "tel") return "tel";
  if (type === "email") return "email";
  return undefined;
}
