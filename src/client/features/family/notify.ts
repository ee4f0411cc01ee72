import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { isSessionEndedError } from "@/client/lib/session-expiry";

/** A change that did not go through: the server's reason in a toast (none when the session ended: its dialog says so). */
export function toastFailure(title: string, err: unknown) {
  if (isSessionEndedError(err)) return;
  toast({ title, description: errorMessage(err), variant: "destructive" });
}
