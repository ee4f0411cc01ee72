import { useId } from "react";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import type { Child } from "@/client/lib/children-api";
import { cn } from "@/client/lib/utils";

const option =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40";
const chosen = "border-primary bg-accent text-accent-foreground";
const unchosen = "border-input bg-card hover:bg-muted";

/**
 * Which children a member sees: every child (also children added later), or only the ones ticked.
 * `value` null is every child; a list is the chosen children (the form refuses an empty one).
 */
export function ChildrenChooser({
  legend,
  familyChildren,
  value,
  onChange,
  error,
}: {
  legend: string;
  familyChildren: readonly Pick<Child, "id" | "name" | "avatarColor">[];
  value: string[] | null | undefined;
  onChange: (value: string[] | null) => void;
  error?: string | undefined;
}) {
  const name = useId();
  const errorId = useId();
  const every = value === null || value === undefined;
  const ids = value ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange(
      on
        ? familyChildren.filter((c) => c.id === id || ids.includes(c.id)).map((c) => c.id)
        : ids.filter((x) => x !== id),
    );

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 font-medium text-sm">{legend}</legend>
      <label className={cn(option, every ? chosen : unchosen)}>
        <input
          type="radio"
          name={name}
          checked={every}
          onChange={() => onChange(null)}
          className="size-4 accent-primary"
        />
        <span className="flex flex-col">
          <span className="font-medium">Every child</span>
          <span className="text-muted-foreground text-xs">Also children added later</span>
        </span>
      </label>
      <label className={cn(option, every ? unchosen : chosen)}>
        <input
          type="radio"
          name={name}
          checked={!every}
          onChange={() => onChange([])}
          className="size-4 accent-primary"
        />
        <span className="font-medium">Only some children</span>
      </label>
      {every ? null : (
        <fieldset className="ml-4 grid gap-2 border-border border-l-2 pl-3 sm:grid-cols-2">
          <legend className="sr-only">Children</legend>
          {familyChildren.map((child) => (
            <label key={child.id} className={cn(option, ids.includes(child.id) ? chosen : unchosen)}>
              <input
                type="checkbox"
                checked={ids.includes(child.id)}
                onChange={(event) => toggle(child.id, event.target.checked)}
                className="size-4 accent-primary"
              />
              <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
              <span className="min-w-0 truncate">{child.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {error ? (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
