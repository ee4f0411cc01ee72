import { Controller, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Textarea } from "@/client/components/ui/textarea";
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
}

/** Renders the configured fields in a two-column grid (one column on phones). */
export function RecordFields<TValues extends FieldValues, TOutput>({
  form,
  fields,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  fields: readonly RecordFieldConfig<TValues>[];
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const type = field.type ?? "text";
        const error = errors[field.name]?.message;
        return (
          <FormField
            key={field.name}
            label={field.label}
            hint={field.hint}
            error={typeof error === "string" ? error : undefined}
            required={field.required}
            className={cn((field.wide || type === "textarea") && "sm:col-span-2")}
          >
            {(control) =>
              type === "textarea" ? (
                <Textarea
                  {...control}
                  {...form.register(field.name)}
                  rows={field.rows ?? 3}
                  placeholder={field.placeholder}
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
                <Input
                  {...control}
                  {...form.register(field.name)}
                  type={type}
                  inputMode={
                    type === "number" ? (field.step && field.step !== "1" ? "decimal" : "numeric") : undefined
                  }
                  placeholder={field.placeholder}
                  autoComplete={field.autoComplete}
                  step={field.step}
                  min={field.min}
                  max={field.max}
                />
              )
            }
          </FormField>
        );
      })}
    </div>
  );
}
