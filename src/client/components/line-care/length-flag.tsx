import { TriangleAlert } from "lucide-react";

/**
 * "Moved 2 cm since insertion: call the care team before using the line", in red with an icon.
 * In a form (`live`), the region stays in place so a screen reader hears the flag as it appears
 * while the length is typed.
 */
export function LengthFlag({ text, live = false }: { text: string | null; live?: boolean }) {
  const flag = text ? (
    <p className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-900 text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  ) : null;
  return live ? <div role="status">{flag}</div> : flag;
}
