import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { useChildFilter } from "@/client/lib/child-filter";
import { ChildAvatar } from "./child-avatar";

const ALL = "all";

/**
 * The header's "which child" switch. Shown only to families with two or more children; the
 * choice filters every list of records that can be linked to a child.
 */
export function ChildFilterSelect() {
  const { children, childId, setChildId } = useChildFilter();
  if (children.length < 2) return null;
  return (
    <Select value={childId ?? ALL} onValueChange={(v) => setChildId(v === ALL ? null : v)}>
      <SelectTrigger aria-label="Show records for" className="h-10 w-auto max-w-44 gap-1.5 sm:max-w-56">
        <SelectValue />
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
