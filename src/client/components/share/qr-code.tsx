import { create } from "qrcode";
import { useMemo } from "react";
import { cn } from "@/client/lib/utils";

/** The blank border a scanner needs around the code, in modules (the standard asks for 4). */
const QUIET_ZONE = 4;

/** The dark modules of `text`'s QR code as one SVG path, on a grid `size` modules wide. */
function qrPath(text: string): { d: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  let d = "";
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { d, size: modules.size + 2 * QUIET_ZONE };
}

/**
 * A QR code of `text` (a link a phone's camera opens), drawn as SVG: black on white in either
 * theme and in print, since scanners read dark modules on a light ground. `label` says what it is
 * for a screen reader.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { d, size } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cn("block size-52 rounded-md", className)}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
