import { cn } from "@/client/lib/utils";
import { DEFAULT_AVATAR_COLOR } from "@/domain/child-age";

/** A circle in the child's colour with the first letter of their name. */
export function ChildAvatar({
  name,
  color,
  size = "md",
  className,
}: {
  name: string;
  color: string | null | undefined;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: color || DEFAULT_AVATAR_COLOR }}
      className={cn(
        "flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white",
        size === "sm" && "size-7 text-xs",
        size === "md" && "size-9 text-sm",
        size === "lg" && "size-14 text-xl",
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
