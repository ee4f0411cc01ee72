import { LoaderCircle } from "lucide-react";
import { cn } from "@/client/lib/utils";

/** A spinning indicator with a text for screen readers (and, when `showLabel`, for everyone). */
export function Spinner({
  label = "Loading...",
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn("flex items-center justify-center gap-3 text-muted-foreground", className)}
    >
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </div>
  );
}
