import { ChevronLeft } from "lucide-react";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { formatCardDate } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import {
  BAND_LABELS,
  type HeatmapRow,
  INTENSITY_BANDS,
  type IntensityBand,
  intensityBand,
} from "@/domain/symptom-heatmap";

/** The bands' colours, the same in the dark theme (whose palette turns over, see theme-dark.css). */
export const BAND_CLASSES: Record<IntensityBand, string> = {
  none: "bg-slate-100 dark:bg-[#334155]",
  low: "bg-green-300 dark:bg-[#86efac]",
  mild: "bg-yellow-300 dark:bg-[#fde047]",
  moderate: "bg-orange-400 dark:bg-[#fb923c]",
  high: "bg-red-500",
  severe: "bg-red-800 dark:bg-[#991b1b]",
};

/** What a cell says, in its tooltip and to a screen reader: the symptom, the date and 'Level N' or 'None'. */
export const cellText = (symptom: string, date: string, intensity: number) =>
  `${symptom} · ${formatCardDate(date)} · ${intensity > 0 ? `Level ${intensity}` : "None"}`;

interface Position {
  row: number;
  col: number;
}

/**
 * The symptoms-by-days grid. One cell is in the tab order at a time; the arrow keys (and Home/End)
 * move between cells, and the focused or hovered cell shows its tooltip. On a phone the grid
 * scrolls sideways inside its card, and opens at today (its right end) with a cue that the older
 * days are to the left.
 */
export function HeatmapGrid({ days, rows }: { days: readonly string[]; rows: readonly HeatmapRow[] }) {
  const [focus, setFocus] = useState<Position>({ row: 0, col: days.length - 1 });
  const [shown, setShown] = useState<Position | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [olderHidden, setOlderHidden] = useState(false);
  const onScroll = () => setOlderHidden((scroller.current?.scrollLeft ?? 0) > 1);
  // Today first: the most recent days are at the right end of the grid.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollLeft = el.scrollWidth;
    setOlderHidden(el.scrollLeft > 1);
  }, []);

  const moveTo = (row: number, col: number) => {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row)),
      col: Math.max(0, Math.min(days.length - 1, col)),
    };
    setFocus(next);
    setShown(next);
    grid.current?.querySelector<HTMLElement>(`[data-cell="${next.row}-${next.col}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const { row, col } = focus;
    const moves: Record<string, Position> = {
      ArrowLeft: { row, col: col - 1 },
      ArrowRight: { row, col: col + 1 },
      ArrowUp: { row: row - 1, col },
      ArrowDown: { row: row + 1, col },
      Home: { row, col: 0 },
      End: { row, col: days.length - 1 },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move.row, move.col);
    } else if (event.key === "Escape") setShown(null);
  };

  return (
    <div className="flex flex-col gap-1">
      <p
        aria-hidden={!olderHidden}
        className={cn(
          "flex items-center gap-1 text-muted-foreground text-xs",
          olderHidden ? "visible" : "invisible",
        )}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Older days: scroll left
      </p>
      <div ref={scroller} onScroll={onScroll} className="overflow-x-auto pb-8" data-heatmap-scroll="">
        <table
          ref={grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table whose cells take the focus one at a time and move with the arrow keys is an ARIA grid.
          role="grid"
          aria-label="Symptom intensity by day, last 30 days"
          className="border-separate border-spacing-[2px]"
          onKeyDown={onKeyDown}
          onMouseLeave={() => setShown(null)}
        >
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 min-w-28 bg-card pr-2 text-left font-normal text-muted-foreground text-xs"
              >
                Symptom
              </th>
              {days.map((day, col) => (
                <th
                  key={day}
                  scope="col"
                  aria-label={formatCardDate(day)}
                  className="w-6 text-center font-normal text-[10px] text-muted-foreground"
                >
                  {col % 5 === 4 || col === days.length - 1 ? Number(day.slice(8)) : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.symptom}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-40 truncate bg-card pr-2 text-left font-normal text-sm"
                  title={`${row.symptom}: total ${row.total}`}
                >
                  {row.symptom}
                </th>
                {row.cells.map((intensity, c) => {
                  const isFocus = focus.row === r && focus.col === c;
                  const isShown = shown?.row === r && shown.col === c;
                  const text = cellText(row.symptom, days[c]!, intensity);
                  return (
                    <td
                      key={days[c]}
                      data-cell={`${r}-${c}`}
                      tabIndex={isFocus ? 0 : -1}
                      aria-label={text}
                      onFocus={() => {
                        setFocus({ row: r, col: c });
                        setShown({ row: r, col: c });
                      }}
                      onBlur={() => setShown(null)}
                      onMouseEnter={() => setShown({ row: r, col: c })}
                      className={cn(
                        "relative size-6 min-w-6 rounded-sm p-0 outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-1",
                        BAND_CLASSES[intensityBand(intensity)],
                      )}
                    >
                      {isShown ? (
                        <span
                          role="tooltip"
                          className={cn(
                            "pointer-events-none absolute bottom-full z-20 mb-1 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-background text-xs shadow-md",
                            c > days.length / 2 ? "right-0" : "left-0",
                          )}
                        >
                          {text}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The six bands and their colours (spec section 2). */
export function HeatmapLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      {INTENSITY_BANDS.map((band) => (
        <li key={band} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("size-4 rounded-sm", BAND_CLASSES[band])} />
          {BAND_LABELS[band]}
        </li>
      ))}
    </ul>
  );
}
