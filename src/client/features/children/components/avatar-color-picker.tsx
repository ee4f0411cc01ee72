import { Check } from "lucide-react";
import { useId } from "react";
import { cn } from "@/client/lib/utils";
import { AVATAR_COLORS } from "@/domain/children";
import { AVATAR_COLOR_NAMES } from "../child-form";

/**
 * The ten avatar colours as a radio group: native radio inputs (arrow keys move between them),
 * each named after its colour, drawn as swatches with a check on the chosen one.
 */
export function AvatarColorPicker({
  value,
  onChange,
  label = "Avatar Color",
}: {
  value: string;
  onChange(color: string): void;
  label?: string;
}) {
  const name = useId();
  const labelId = `${name}-legend`;
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="min-w-0">
      <p id={labelId} className="mb-2 font-medium text-foreground text-sm">
        {label}
      </p>
      <div className="flex flex-wrap gap-2">
        {AVATAR_COLORS.map((color) => {
          const selected = value.toUpperCase() === color;
          return (
            <label key={color} className="relative cursor-pointer">
              <input
                type="radio"
                name={name}
                value={color}
                checked={selected}
                onChange={() => onChange(color)}
                aria-label={AVATAR_COLOR_NAMES[color] ?? color}
                className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              <span
                aria-hidden="true"
                style={{ backgroundColor: color }}
                className={cn(
                  "flex size-9 items-center justify-center rounded-full border-2 border-white shadow-sm ring-2 ring-transparent transition-shadow",
                  "peer-hover:ring-slate-300 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2",
                  selected && "ring-slate-900 peer-hover:ring-slate-900",
                )}
              >
                {selected ? <Check className="size-4 text-white" strokeWidth={3} /> : null}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
