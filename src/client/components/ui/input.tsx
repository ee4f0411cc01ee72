import type { ComponentProps } from "react";
import { cn } from "@/client/lib/utils";

/** Shared look of text fields; 16px text so phones do not zoom on focus. */
export const fieldClassName =
  "w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-slate-400 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted aria-invalid:border-destructive aria-invalid:ring-destructive/20";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClassName, "h-10 max-sm:h-11", className)} {...props} />;
}
