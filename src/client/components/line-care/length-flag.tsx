import { TriangleAlert } from "lucide-react";

/**
 * "Moved 2 cm since insertion: call the care team before using the line", in red with an icon.
 * In a form (`live`), it is an alert: a screen reader says it as it appears while the length is typed.
 */
export function LengthFlag({ text, live = false }: { text: string | null; live?: boolean }) {
  if (!text) return null;
  return (
    <p
      role={live ? "alert" : undefined}
      className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-900 text-sm"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
