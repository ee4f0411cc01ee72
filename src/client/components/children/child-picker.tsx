import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { useChildren } from "@/client/lib/children-api";
import { childAgeLabel } from "@/domain/child-age";
import { ChildAvatar } from "./child-avatar";

/**
 * Chooses one child (TPN Nutrition, PICC lines): each child's avatar initial on their colour,
 * name, and 'N years old' when an age is known.
 */
export function ChildPicker({
  value,
  onChange,
  label = "Child",
  id = "child-picker",
}: {
  value: string | null;
  onChange(childId: string): void;
  label?: string;
  id?: string;
}) {
  const { data: children, isLoading, isError } = useChildren();

  if (isLoading) return <p className="text-muted-foreground text-sm">Loading children...</p>;
  if (isError)
    return (
      <p className="text-destructive text-sm">The children could not be loaded. Please reload the page.</p>
    );
  if (!children?.length) {
    return (
      <p className="text-muted-foreground text-sm">
        No children profiles found. Please add a child profile first.
      </p>
    );
  }
  return (
    <div className="flex max-w-sm flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? undefined} onValueChange={onChange}>
        <SelectTrigger id={id} className="h-12">
          <SelectValue placeholder="Select a child" />
        </SelectTrigger>
        <SelectContent>
          {children.map((child) => {
            const age = childAgeLabel(child);
            return (
              <SelectItem key={child.id} value={child.id}>
                <span className="flex items-center gap-2.5">
                  <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
                  <span className="flex flex-col leading-tight">
                    <span>{child.name}</span>
                    {age !== "Age not specified" && (
                      <span className="text-muted-foreground text-xs">{age}</span>
                    )}
                  </span>
                </span>
              </SelectItem>
            );
          })}
        </SelectContent>
      </Select>
    </div>
  );
}
