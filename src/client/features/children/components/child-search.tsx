import { Search } from "lucide-react";
import { useId } from "react";
import { Input } from "@/client/components/ui/input";

/** The search box over name, diagnosis and notes; its label is for screen readers only. */
export function ChildSearch({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-md">
      <label htmlFor={id} className="sr-only">
        Search children
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search children by name, diagnosis, or notes..."
        className="pl-9"
        autoComplete="off"
      />
    </div>
  );
}
