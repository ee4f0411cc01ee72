import { Users } from "lucide-react";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectStandIn,
  SelectTrigger,
  SelectValue,
  useSelectWhenIdle,
} from "@/client/components/ui/select";
import { useChildFilter } from "@/client/lib/child-filter";
import { ChildAvatar } from "./child-avatar";

const ALL = "all";

/**
 * The header's "which child" switch. Shown only to families with two or more children; the
 * choice filters every list of records that can be linked to a child. On phones the closed
 * switch shows just the child's avatar (or a group icon), so the header keeps the product name.
 */
export function ChildFilterSelect() {
  const { children, childId, selectedChild, setChildId } = useChildFilter();
  const { ready, openedEarly, openNow } = useSelectWhenIdle();
  if (children.length < 2) return null;
  const label = selectedChild?.name ?? "All children";
  const trigger = {
    "aria-label": "Show records for",
    title: `Showing records for: ${label}`,
    className: "h-10 w-auto max-w-44 gap-1.5 px-2 sm:max-w-56 sm:px-3",
  };
  const value = (
    <span className="flex items-center gap-2">
      {selectedChild ? (
        <ChildAvatar name={selectedChild.name} color={selectedChild.avatarColor} size="sm" />
      ) : (
        <Users aria-hidden="true" className="size-5 text-slate-600 sm:hidden" />
      )}
      <span className="hidden truncate sm:inline">{label}</span>
      <span className="sr-only sm:hidden">{label}</span>
    </span>
  );
  if (!ready)
    return (
      <SelectStandIn {...trigger} onOpen={openNow}>
        {value}
      </SelectStandIn>
    );
  return (
    <Select
      defaultOpen={openedEarly}
      value={childId ?? ALL}
      onValueChange={(v) => setChildId(v === ALL ? null : v)}
    >
      <SelectTrigger {...trigger}>
        <SelectValue>{value}</SelectValue>
      </SelectTrigger>
      <SelectContent align="end">
        <SelectItem value={ALL}>All children</SelectItem>
        {children.map((child) => (
          <SelectItem key={child.id} value={child.id}>
            <span className="flex items-center gap-2">
              <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
              {child.name}
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
