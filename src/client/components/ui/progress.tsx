import { Progress as ProgressPrimitive } from "radix-ui";
import { cn } from "@/client/lib/utils";

/**
 * A progress bar with its label for everyone to read (a restore, an upload). `value` of `max`;
 * without a value, the bar says work is going on without saying how far it is.
 */
export function Progress({
  value,
  max = 100,
  label,
  className,
}: {
  value: number | null;
  max?: number;
  label: string;
  className?: string;
}) {
  const percent = value === null || max <= 0 ? null : Math.min(100, Math.round((value / max) * 100));
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <ProgressPrimitive.Root
        value={value}
        max={max}
        aria-label={label}
        className="relative h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <ProgressPrimitive.Indicator
          className={cn(
            "h-full bg-primary transition-transform duration-300",
            percent === null && "w-1/3 animate-pulse",
          )}
          style={percent === null ? undefined : { transform: `translateX(-${100 - percent}%)` }}
        />
      </ProgressPrimitive.Root>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
