import { useChildren } from "@/client/lib/children-api";
import { ChildAvatar } from "./child-avatar";

/** The linked child's avatar and name on a record card; nothing when the record has no child. */
export function LinkedChild({ childId }: { childId: string | null | undefined }) {
  const { data: children } = useChildren();
  const child = childId ? children?.find((c) => c.id === childId) : undefined;
  if (!child) return null;
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-1.5 rounded-full border border-border bg-card py-0.5 pr-2.5 pl-0.5 font-medium text-xs">
      <ChildAvatar name={child.name} color={child.avatarColor} size="sm" className="size-5 text-[10px]" />
      <span className="sr-only">Child: </span>
      <span className="truncate">{child.name}</span>
    </span>
  );
}
