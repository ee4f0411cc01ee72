import { ArrowRight, CircleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useCan } from "@/client/lib/permissions";
import { cn } from "@/client/lib/utils";

/** A dashboard summary card: a titled box with a link to the screen that holds the full list. */
export function DashboardCard({
  title,
  icon: Icon,
  tint,
  href,
  linkLabel,
  children,
  className,
}: {
  title: string;
  icon: LucideIcon;
  /** Classes for the icon's chip, e.g. "bg-emerald-50 text-emerald-700". */
  tint: string;
  /** The screen with the full list; the link reads `linkLabel`, e.g. "All visits". */
  href?: string;
  linkLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn("flex flex-col", className)}>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="flex min-w-0 items-center gap-2.5">
          <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg", tint)}>
            <Icon aria-hidden="true" className="size-4.5" />
          </span>
          {title}
        </CardTitle>
        {href && linkLabel ? <CardLink href={href}>{linkLabel}</CardLink> : null}
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

/** A small "go to the screen" link with an arrow. */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex shrink-0 items-center gap-1 font-medium text-primary text-sm underline-offset-4 hover:underline"
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** A link to a screen to add there ("Add a lab test"): nothing for a role that only reads. */
export function AddLink({ href, children }: { href: string; children: ReactNode }) {
  if (!useCan("write")) return null;
  return <CardLink href={href}>{children}</CardLink>;
}

/** Placeholder rows while a card's list loads. */
export function CardRowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
        <div key={i} className="flex flex-col gap-1.5">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3.5 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** A card's list could not be loaded: say so and offer another try. */
export function CardLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-red-800 text-sm">
      <p className="flex items-center gap-2">
        <CircleAlert aria-hidden="true" className="size-4" />
        This could not be loaded.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What a card says when it has nothing to show yet, with an optional next step. */
export function CardEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
      <p>{children}</p>
      {action}
    </div>
  );
}
