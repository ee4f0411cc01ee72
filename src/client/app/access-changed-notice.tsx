import { Info } from "lucide-react";
import { Button } from "@/client/components/ui/button";

/**
 * Says, above the page, what another member changed of this person's place in the family (made a
 * viewer, limited to some children) and what they can still do and see; stays until dismissed.
 */
export function AccessChangedNotice({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start sm:justify-between print:hidden"
    >
      <div className="flex gap-3">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">Your access to this family changed</p>
          <p className="text-sm">{text}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onDismiss} className="self-end sm:self-start">
        OK
      </Button>
    </div>
  );
}
