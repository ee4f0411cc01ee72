import { Check, Copy } from "lucide-react";
import { type Ref, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { fieldClassName } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { cn } from "@/client/lib/utils";

/** How long the button says "Copied" after a copy. */
const COPIED_MS = 2500;

/**
 * A link in a read-only field with a Copy button. The field wraps, so the whole link shows on a
 * phone too. Where the browser cannot copy by itself (a page
 * served over plain http has no clipboard), the link is selected for the person to copy.
 */
export function CopyLinkField({
  url,
  label = "Link",
  buttonRef,
  noun = "link",
  copiedHint = "The link is copied. Paste it into a message or an email.",
}: {
  url: string;
  label?: string;
  /** The Copy button, to give it the focus. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** What is copied, in the hints ("link", "token"). */
  noun?: string;
  /** What to do with it once copied. */
  copiedHint?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const input = useRef<HTMLTextAreaElement>(null);
  const [outcome, setOutcome] = useState<"copied" | "selected" | null>(null);

  useEffect(() => {
    if (outcome !== "copied") return;
    const timer = setTimeout(() => setOutcome(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  function selectLink() {
    input.current?.focus();
    input.current?.select();
  }

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("No clipboard");
      await navigator.clipboard.writeText(url);
      setOutcome("copied");
    } catch {
      selectLink();
      setOutcome("selected");
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          ref={input}
          id={id}
          value={url}
          readOnly
          rows={2}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={outcome ? hintId : undefined}
          className={cn(
            fieldClassName,
            "min-w-0 flex-1 resize-none break-all font-mono sm:text-sm [field-sizing:content]",
          )}
        />
        <Button ref={buttonRef} variant="outline" onClick={copy} className="sm:w-28">
          {outcome === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {outcome === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p id={hintId} role="status" className="min-h-5 text-muted-foreground text-sm">
        {outcome === "copied"
          ? copiedHint
          : outcome === "selected"
            ? `This browser did not let the page copy. The ${noun} is selected: copy it with Ctrl+C (Cmd+C on a Mac), or touch and hold it on a phone.`
            : ""}
      </p>
    </div>
  );
}
