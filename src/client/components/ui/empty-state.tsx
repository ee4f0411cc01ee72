import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/client/lib/utils";

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  text?: ReactNode;
  /** Usually a button such as 'Add First Note'. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it yet. */
export function EmptyState({ icon: Icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center rounded-xl border border-border border-dashed bg-card px-6 py-12 text-center",
        className,
      )}
    >
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <Icon aria-hidden="true" className="size-7" />
      </div>
      <h2 className="font-semibold text-foreground text-lg">{title}</h2>
      {text ? <p className="mt-1 max-w-md text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
