import { CircleAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { CardGridSkeleton, cardGridClassName } from "./card-grid-skeleton";

export interface RecordCardGridProps<T> {
  items: readonly T[] | undefined;
  isLoading: boolean;
  /** The items are the previous list's while the next one loads (another child's): dimmed, busy. */
  isRefreshing?: boolean;
  /** The list query's error: shown with a retry button instead of an empty state. */
  error?: unknown;
  onRetry?: () => void;
  /** The failure's headline, e.g. 'Failed to fetch TPN entries'. */
  errorTitle?: string;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Shown when the list is empty, usually an <EmptyState>. */
  empty: ReactNode;
  skeletonCount?: number;
  /** A spinner with this label while loading, instead of placeholder cards. */
  loadingLabel?: string;
  className?: string;
  /** A paged list: whether more records exist, whether they are coming, and how to ask for them. */
  more?: { hasMore: boolean; loading: boolean; load: () => void } | undefined;
}

/**
 * A record list as cards: skeletons (or a spinner) while loading, an error with retry, the empty state, or the
 * grid (dimmed while `isRefreshing`).
 */
export function RecordCardGrid<T>({
  items,
  isLoading,
  isRefreshing = false,
  error,
  onRetry,
  errorTitle = "Could not load this list",
  getKey,
  renderItem,
  empty,
  skeletonCount = 6,
  loadingLabel,
  className,
  more,
}: RecordCardGridProps<T>) {
  if (isLoading && loadingLabel) return <Spinner label={loadingLabel} className="py-16" />;
  if (isLoading) return <CardGridSkeleton count={skeletonCount} className={className} />;
  if (error) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5"
      >
        <div className="flex items-center gap-2 font-semibold text-red-800">
          <CircleAlert aria-hidden="true" className="size-5" />
          {errorTitle}
        </div>
        <p className="text-red-800 text-sm">{errorMessage(error)}</p>
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  if (!items || items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul
        aria-busy={isRefreshing || undefined}
        className={cn(cardGridClassName, isRefreshing && "opacity-60 transition-opacity", className)}
      >
        {items.map((item) => (
          <li key={getKey(item)} className="min-w-0">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {more?.hasMore ? <LoadMore {...more} /> : null}
    </>
  );
}

/**
 * The end of a paged list: the next page loads as it scrolls into view (a little before), or
 * with the button, for a keyboard or when the browser cannot tell.
 */
export function LoadMore({ loading, load }: { loading: boolean; load: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} className="mt-6 flex justify-center">
      <Button variant="outline" onClick={load} disabled={loading}>
        {loading ? "Loading more..." : "Show older entries"}
      </Button>
    </div>
  );
}
