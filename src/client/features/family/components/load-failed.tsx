import { RotateCw } from "lucide-react";
import { Button } from "@/client/components/ui/button";

/** A list that did not load: says so calmly, with a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 text-sm"
    >
      <p>We could not load {what}. Check your connection and try again.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
