import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";

/**
 * "Update available": a new version of the app is installed and waits. It is applied only when the
 * person taps Reload (a form with unsaved typing asks first, and keeps its draft), never by itself.
 */
export function UpdateAvailable({ onReload }: { onReload: () => void }) {
  const [later, setLater] = useState(false);
  if (later) return null;
  return (
    <section
      aria-labelledby="update-available-heading"
      className="fixed top-18 right-3 left-3 z-50 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-lg sm:left-auto sm:max-w-sm print:hidden"
    >
      <h2 id="update-available-heading" className="flex items-center gap-2 font-semibold">
        <RefreshCw aria-hidden="true" className="size-4 text-primary" />
        Update available
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        A new version of the app is ready. Reload to use it, once you are done with what you are typing.
      </p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={onReload}>
          Reload
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setLater(true)}>
          Later
        </Button>
      </div>
    </section>
  );
}
