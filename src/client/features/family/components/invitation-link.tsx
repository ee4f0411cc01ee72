import { Check, Copy, MailCheck, UserPlus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { formatCardDate } from "@/client/lib/format";
import { INVITATION_DAYS } from "@/domain/family";
import type { CreatedInvitation } from "../api";

/** How the link reached the person invited, or why it did not: the server's notice when it has one. */
function deliveryText(invitation: CreatedInvitation) {
  if (invitation.delivery === "sent")
    return `We emailed the link to ${invitation.email}. You can also copy it and send it yourself.`;
  return invitation.notice ?? "Copy the link and send it yourself, by message or email.";
}

/**
 * A new invitation's link, shown this once (the server keeps only its hash): Copy puts it on the
 * clipboard, or, where the browser does not allow that, selects it for the person to copy.
 */
export function InvitationLink({
  invitation,
  onAnother,
}: {
  invitation: CreatedInvitation;
  onAnother: () => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "selected">("idle");
  // The form this replaced had the focus: the news goes to where the person is.
  useEffect(() => heading.current?.focus(), []);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(invitation.url);
      setCopy("copied");
      toast({ title: "Link copied", description: "Paste it into a message to the person you invite." });
    } catch {
      // No clipboard here (a page not served over HTTPS, or permission refused): select it instead.
      input.current?.focus();
      input.current?.select();
      setCopy("selected");
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
        <div className="min-w-0">
          <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
            Invitation ready for <span className="break-all">{invitation.email}</span>
          </h3>
          <p className="text-muted-foreground text-sm">{deliveryText(invitation)}</p>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>Invitation link</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={inputId}
            value={invitation.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm max-sm:text-base"
          />
          <Button onClick={copyLink} className="sm:shrink-0">
            {copy === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copy === "copied" ? "Copied" : "Copy link"}
          </Button>
        </div>
        <p role="status" className="text-sm">
          {copy === "selected"
            ? "The link is selected: copy it with your device's Copy (Ctrl+C, or a long press)."
            : ""}
        </p>
      </div>
      <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm">
        The link works once, for {INVITATION_DAYS} days (until {formatCardDate(invitation.expiresAt)}). It is
        shown only now: copy it before you leave this page.
      </p>
      <Button variant="outline" onClick={onAnother} className="self-start">
        <UserPlus aria-hidden="true" />
        Invite someone else
      </Button>
    </div>
  );
}
