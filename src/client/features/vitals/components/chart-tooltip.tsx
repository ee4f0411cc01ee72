import type { ReactNode } from "react";

/** A chart's tooltip in the page's colours (recharts' own is white in the dark theme too). */
export function ChartTooltip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-md border border-border bg-card px-3 py-2 text-card-foreground text-sm shadow-md">
      <p className="text-muted-foreground text-xs">{title}</p>
      {children}
    </div>
  );
}
