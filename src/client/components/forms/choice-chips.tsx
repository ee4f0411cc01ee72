import { useId } from "react";
import { cn } from "@/client/lib/utils";

export interface Choice {
  value: string;
  label: string;
  /** A second line: the stock left, the dose. */
  hint?: string;
}

/**
 * One choice among a few, each a large tile: one tap on a phone where a select takes two. Native
 * radio buttons underneath, so arrow keys and screen readers work as for any radio group.
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
  const name = useId();
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 font-medium text-sm">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "flex min-h-11 cursor-pointer flex-col justify-center rounded-lg border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40",
              choice.value === value
                ? "border-primary bg-accent font-semibold text-accent-foreground"
                : "border-input bg-card hover:bg-muted",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            <span>{choice.label}</span>
            {choice.hint ? (
              <span className="font-normal text-muted-foreground text-xs">{choice.hint}</span>
            ) : null}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
