import { type ReactNode, useId } from "react";
import { cn } from "@/client/lib/utils";
import { Label } from "./label";

/** Accessibility wiring a form control needs: spread these onto the input, select trigger or textarea. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
  "aria-required": boolean | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Help shown under the control, e.g. a password length rule. */
  hint?: ReactNode;
  /** The field's validation message, announced and tied to the control. */
  error?: string;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, an optional hint and an error message, all tied together by ids. */
export function FormField({ label, hint, error, required, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (e.g. "Invalid email or password"), announced when it appears. */
export function FormAlert({ message, className }: { message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn("rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800 text-sm", className)}
    >
      {message}
    </div>
  );
}
