import { useId } from "react";
import { cn } from "@/client/lib/utils";

export interface Choice {
  value: string;
  label: string;
  /** A second line: the stock left, the dose. */
  hint?: string;
}

/**
 * One choice among a few, each a large button: one tap on a phone where a select takes two.
 * A radio group for assistive technology (arrow keys are not needed: each is a tab stop).
 */
export function ChoiceChips({
  label,
  choices,
  value,
  onChange,
  error,
}: {
  label: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="font-medium text-sm">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className="flex flex-wrap gap-2"
      >
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <button
              key={choice.value}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => onChange(choice.value)}
              className={cn(
                "flex min-h-11 cursor-pointer flex-col items-start justify-center rounded-lg border px-3 py-1.5 text-left text-sm transition-colors",
                checked
                  ? "border-primary bg-accent font-semibold text-accent-foreground ring-2 ring-primary/30"
                  : "border-input bg-card hover:bg-muted",
              )}
            >
              <span>{choice.label}</span>
              {choice.hint ? (
                <span className="font-normal text-muted-foreground text-xs">{choice.hint}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
