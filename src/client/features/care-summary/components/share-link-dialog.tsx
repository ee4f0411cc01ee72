import { CalendarClock } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ChildPicker } from "@/client/components/children/child-picker";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { CopyLinkField } from "@/client/components/share/copy-link-field";
import { QrCode } from "@/client/components/share/qr-code";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { useChildren } from "@/client/lib/children-api";
import { formatDateTime } from "@/client/lib/format";
import type { CreatedShareLink } from "@/domain/family";
import { useCreateShareLink } from "../api";
import { DEFAULT_EXPIRY_HOURS, EXPIRY_CHOICES } from "../share-links";

const EXPIRY_OPTIONS = EXPIRY_CHOICES.map((c) => ({ value: String(c.hours), label: c.label }));

/** Which child and for how long. */
function ShareLinkForm({
  defaultChildId,
  onCreated,
  onCancel,
}: {
  defaultChildId: string | null;
  onCreated: (link: CreatedShareLink) => void;
  onCancel: () => void;
}) {
  const { data: children = [] } = useChildren();
  // The child chosen (or the header's); else a family's only child, once the list has arrived.
  const [chosen, setChildId] = useState<string | null>(defaultChildId);
  const childId = chosen ?? (children.length === 1 ? (children[0]?.id ?? null) : null);
  const [hours, setHours] = useState(DEFAULT_EXPIRY_HOURS);
  const [missingChild, setMissingChild] = useState(false);
  const create = useCreateShareLink();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!childId) {
      setMissingChild(true);
      return;
    }
    create.mutate({ childId, expiresInHours: hours }, { onSuccess: onCreated });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Share with the clinic</DialogTitle>
        <DialogDescription>
          Make a link a doctor can open on their own computer or phone, without an account. It shows one
          child's care summary and nothing else.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <ChildPicker
          id="share-link-child"
          label="Whose care summary"
          value={childId}
          onChange={(id) => {
            setChildId(id);
            setMissingChild(false);
          }}
        />
        {missingChild ? (
          <p role="alert" className="font-medium text-destructive text-sm">
            Choose the child whose care summary the link shows.
          </p>
        ) : null}
      </div>
      <ChoiceChips
        label="How long it works"
        choices={EXPIRY_OPTIONS}
        value={String(hours)}
        onChange={(value) => setHours(Number(value))}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || children.length === 0}>
          {create.isPending ? "Making the link..." : "Create link"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The new link, shown this once: to copy, or to scan from the phone's screen. */
function CreatedLink({ link, onDone }: { link: CreatedShareLink; onDone: () => void }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form's buttons are gone: the focus goes to Copy, the next thing to do.
  useEffect(() => copyButton.current?.focus(), []);
  const until = formatDateTime(link.expiresAt);
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Link for {link.childName}'s care summary</DialogTitle>
        <DialogDescription>
          This link is shown only now. Copy it, or let the doctor scan the code, before you close this window.
        </DialogDescription>
      </DialogHeader>
      <CopyLinkField url={link.url} buttonRef={copyButton} />
      <figure className="flex flex-col items-center gap-2">
        <QrCode
          text={link.url}
          label={`QR code of the link to ${link.childName}'s care summary`}
          className="border border-border"
        />
        <figcaption className="text-center text-muted-foreground text-sm">
          A phone's camera opens the link from this code.
        </figcaption>
      </figure>
      <div className="flex flex-col gap-1 rounded-lg border border-border bg-muted p-3 text-sm">
        <p className="flex items-center gap-2 font-semibold text-base">
          <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-primary" />
          Works until {until}
        </p>
        <p>
          Anyone with this link can read {link.childName}'s care summary until then, without signing in. Each
          time it is opened, the time and the address it was opened from are recorded. You can withdraw it
          sooner under Links for the clinic.
        </p>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/**
 * "Share with the clinic": makes a read-only link to one child's care summary (the screen's child
 * unless another is chosen), then shows it with its QR code and until when it works.
 */
export function ShareLinkDialog({
  open,
  onOpenChange,
  defaultChildId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultChildId: string | null;
}) {
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {created ? (
          <CreatedLink link={created} onDone={close} />
        ) : (
          <ShareLinkForm defaultChildId={defaultChildId} onCreated={setCreated} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}
