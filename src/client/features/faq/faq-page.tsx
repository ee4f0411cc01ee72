import { ChevronDown, LifeBuoy } from "lucide-react";
import { useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { PageHeader } from "@/client/components/ui/page-header";
import { cn } from "@/client/lib/utils";
import { FAQ_ENTRIES, type FaqEntry, MORE_HELP } from "./faq-content";

/** Questions that open and close independently; the TPN one starts open. */
export function FaqPage() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(["tpn-nutrition"]));
  const toggle = (id: string, isOpen: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <PageHeader title="FAQ" subtitle="Answers to common questions about using the tracker." />
      <div className="flex flex-col gap-3">
        {FAQ_ENTRIES.map((entry) => (
          <FaqItem
            key={entry.id}
            entry={entry}
            open={open.has(entry.id)}
            onOpenChange={(o) => toggle(entry.id, o)}
          />
        ))}
      </div>
      <Card className="mt-8">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
            Need More Help?
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-700">
            {MORE_HELP.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}

/** Paragraphs in order, with runs of "1. …" lines shown as numbered steps. */
function answerBlocks(answer: string[]): (string | string[])[] {
  const blocks: (string | string[])[] = [];
  for (const line of answer) {
    const isStep = /^\d+\.\s/.test(line);
    const last = blocks.at(-1);
    if (isStep && Array.isArray(last)) last.push(line.replace(/^\d+\.\s/, ""));
    else blocks.push(isStep ? [line.replace(/^\d+\.\s/, "")] : line);
  }
  return blocks;
}

function FaqItem({
  entry,
  open,
  onOpenChange,
}: {
  entry: FaqEntry;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Card>
      <Collapsible open={open} onOpenChange={onOpenChange}>
        <h2>
          <CollapsibleTrigger className="flex w-full cursor-pointer items-center justify-between gap-4 rounded-xl p-5 text-left font-semibold text-base hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-lg">
            {entry.question}
            <ChevronDown
              aria-hidden="true"
              className={cn(
                "size-5 shrink-0 text-muted-foreground transition-transform",
                open && "rotate-180",
              )}
            />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent>
          <div className="flex flex-col gap-3 px-5 pb-5 text-slate-700 leading-relaxed">
            {answerBlocks(entry.answer).map((block) =>
              Array.isArray(block) ? (
                <ol key={block[0]} className="flex list-decimal flex-col gap-1.5 pl-5">
                  {block.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              ) : (
                <p key={block}>{block}</p>
              ),
            )}
            {entry.sources ? <Sources sources={entry.sources} /> : null}
          </div>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

/** Where an answer comes from: each source a link, opened beside the app. */
function Sources({ sources }: { sources: NonNullable<FaqEntry["sources"]> }) {
  return (
    <div className="text-sm">
      <p className="font-medium">Sources</p>
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
        {sources.map((source) => (
          <li key={source.url}>
            <a
              href={source.url}
              target="_blank"
              rel="noreferrer"
              className="text-primary underline underline-offset-4 hover:no-underline"
            >
              {source.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
