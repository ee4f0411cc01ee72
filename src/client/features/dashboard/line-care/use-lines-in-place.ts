import { useQueries } from "@tanstack/react-query";
import { useChildFilter } from "@/client/lib/child-filter";
import { toDateOnly } from "@/client/lib/format";
import { linesInPlace, piccLinesApi } from "@/client/lib/line-care-api";

/** The lines in place of the children in view, each with its child. */
export function useLinesInPlace() {
  const { selectedChild, children } = useChildFilter();
  const shown = selectedChild ? [selectedChild] : children;
  const lists = useQueries({
    queries: shown.map((child) => piccLinesApi.listOptions({ childId: child.id })),
  });
  const today = toDateOnly();
  const rows = shown.flatMap((child, i) =>
    linesInPlace(lists[i]?.data ?? [], today).map((line, _, all) => ({
      child,
      line,
      several: all.length > 1,
    })),
  );
  return {
    shown,
    rows,
    isLoading: lists.some((list) => list.isLoading),
    isError: lists.some((list) => list.isError),
  };
}
