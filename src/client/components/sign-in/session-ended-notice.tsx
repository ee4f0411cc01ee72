import { Clock } from "lucide-react";
import { cn } from "@/client/lib/utils";

/** "You were signed out after 2 hours without use": why the last session ended, on the landing page. */
export function SessionEndedNotice({
  message,
  className,
}: {
  message: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div
      role="status"
      className={cn(
        "mx-auto flex w-full max-w-3xl items-start gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-blue-900 text-sm",
        className,
      )}
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}
