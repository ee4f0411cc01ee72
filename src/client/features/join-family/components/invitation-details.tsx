import { format, isValid, parseISO } from "date-fns";
import { Clock, ShieldCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { invitationSentence, roleInSentence } from "@/client/lib/family-texts";
import { formatClockTime } from "@/client/lib/format";
import { ROLE_DESCRIPTIONS } from "@/domain/roles";
import type { InvitationPreview } from "../api";

/** "December 4, 2026 at 15:20", on this device's clock. */
function untilText(expiresAt: string) {
  const date = parseISO(expiresAt);
  return isValid(date) ? `${format(date, "MMMM d, yyyy")} at ${formatClockTime(date)}` : "";
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="font-medium text-muted-foreground text-sm">
        <span className="absolute top-0.5 left-0 text-primary [&_svg]:size-5">{icon}</span>
        {label}
      </dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * Who invites the person, to what role, what that role can do, until when. The family's name and
 * children show once the person has joined: the link alone does not reveal them.
 */
export function InvitationDetails({ invitation }: { invitation: InvitationPreview }) {
  return (
    <>
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="font-bold text-2xl leading-tight">Join a family</h1>
          <p className="mt-1 text-muted-foreground">{invitationSentence(invitation)}</p>
        </div>
      </div>
      <dl className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4">
        <Detail
          icon={<ShieldCheck aria-hidden="true" />}
          label={`What ${roleInSentence(invitation.role)} can do`}
        >
          {ROLE_DESCRIPTIONS[invitation.role]}
        </Detail>
        <Detail icon={<Clock aria-hidden="true" />} label="Works until">
          {untilText(invitation.expiresAt)}
        </Detail>
      </dl>
    </>
  );
}
