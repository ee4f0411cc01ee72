import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Send } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { sendConfirmationLink } from "../api";

/**
 * Whether the account's email address is confirmed, under the Email field; when it is not, a
 * button that mails the link again. Nothing for an account without an email address.
 */
export function EmailConfirmationStatus({ user }: { user: Pick<AuthUser, "email" | "emailConfirmed"> }) {
  const send = useMutation({
    mutationFn: sendConfirmationLink,
    onSuccess: (res) => toast({ title: "Confirmation Link Sent", description: res.message }),
    onError: (err) => {
      // The session ended: the "Your session has ended" dialog is the message.
      if (isSessionEndedError(err)) return;
      toast({ title: "Link Not Sent", description: errorMessage(err), variant: "destructive" });
    },
  });
  if (!user.email) return null;
  if (user.emailConfirmed) {
    return (
      <p className="flex items-center gap-2 text-sm">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        Your email address is confirmed.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <span>
          <strong className="font-medium">Your email address is not confirmed yet.</strong> We sent you a link
          when you signed up. Once you open it, exports can be sent to you by email.
        </span>
      </p>
      <div>
        <Button variant="outline" onClick={() => send.mutate()} disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? "Sending..." : "Send the link again"}
        </Button>
      </div>
    </div>
  );
}
