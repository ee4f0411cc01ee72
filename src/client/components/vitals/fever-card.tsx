import { useQuery } from "@tanstack/react-query";
import { ClipboardPlus, Phone, Siren } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { dismissToast } from "@/client/components/ui/use-toast";
import { useAuth } from "@/client/lib/auth";
import { careTeamListApi, infusionCentersListApi, piccLinesListApi } from "@/client/lib/care-contacts-api";
import { useChildren } from "@/client/lib/children-api";
import { formatCardDate } from "@/client/lib/format";
import { infectionStartHref } from "@/client/lib/infection-start";
import { useCan } from "@/client/lib/permissions";
import { FEVER_PLAN, feverThresholdText } from "@/domain/fever-plan";
import { DEFAULT_FEVER_THRESHOLD_C } from "@/domain/vitals";
import {
  type CallTarget,
  callTargets,
  type FeverReading,
  feverSymptoms,
  lineInPlaceOn,
  readingText,
  tellThemLines,
} from "./fever-text";

/** The temperature a fever card is about, and whose it is. */
export interface FeverCardReading extends FeverReading {
  childId: string;
}

/**
 * What to do now about a fever with a central line, before anything else: an alert that takes the
 * focus and stays until closed. The reading in the family's unit against its threshold, the action,
 * the care team's and infusion centers' numbers to call in one tap (loaded as it opens), what to
 * tell them, a way to start the infection record, and the plan's sources.
 */
export function FeverCard({ reading, onClose }: { reading: FeverCardReading | null; onClose: () => void }) {
  return (
    <AlertDialog open={reading !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {reading ? <FeverCardContent reading={reading} onClose={onClose} /> : null}
    </AlertDialog>
  );
}

const sectionTitle = "mb-2 font-semibold text-base text-foreground";

function FeverCardContent({ reading, onClose }: { reading: FeverCardReading; onClose: () => void }) {
  const { user } = useAuth();
  const unit = user?.temperatureUnit ?? "C";
  const threshold = user?.feverThresholdC ?? DEFAULT_FEVER_THRESHOLD_C;
  const canWrite = useCan("write");
  const child = useChildren().data?.find((c) => c.id === reading.childId);
  const title = useRef<HTMLHeadingElement>(null);
  // Nothing over the card: the toast of the save that opened it goes.
  useEffect(() => dismissToast(), []);
  const lines = useQuery(piccLinesListApi.listOptions({ childId: reading.childId }));
  const line = lineInPlaceOn(lines.data ?? [], reading.date);
  const startHref = infectionStartHref({
    childId: reading.childId,
    lineId: line?.id ?? null,
    date: reading.date,
    infectionType: "bloodstream",
    symptoms: feverSymptoms(reading, unit),
  });

  return (
    <AlertDialogContent
      className="max-w-lg gap-0 border-2 border-[#b91c1c] p-0 sm:p-0"
      onOpenAutoFocus={(event) => {
        // The title first: a screen reader says what this is, and Enter does not close it.
        event.preventDefault();
        title.current?.focus();
      }}
    >
      <div className="flex items-start gap-3 bg-[#b91c1c] px-5 py-4 text-white sm:px-6">
        <Siren aria-hidden="true" className="mt-0.5 size-7 shrink-0" />
        <AlertDialogTitle ref={title} tabIndex={-1} className="text-white text-xl leading-tight outline-none">
          {FEVER_PLAN.title}
        </AlertDialogTitle>
      </div>
      <div className="flex flex-col gap-5 px-5 py-4 sm:px-6">
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-lg text-red-800">
            {child ? `${child.name}: ` : ""}
            {readingText(reading, unit)} on {formatCardDate(reading.date)}
          </p>
          <p className="text-muted-foreground text-sm">
            At or above your fever threshold of {feverThresholdText(threshold, unit)}, with a central line in
            place.
          </p>
        </div>
        <AlertDialogDescription className="font-semibold text-base text-foreground">
          {FEVER_PLAN.action}
        </AlertDialogDescription>
        <section aria-labelledby="fever-call">
          <h3 id="fever-call" className={sectionTitle}>
            Call
          </h3>
          <CallList childId={reading.childId} />
        </section>
        <section aria-labelledby="fever-tell">
          <h3 id="fever-tell" className={sectionTitle}>
            What to tell them
          </h3>
          <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm">
            {tellThemLines(reading, unit).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel className="min-h-11">Close</AlertDialogCancel>
          {canWrite ? (
            <Button asChild variant="outline" className="min-h-11">
              <Link href={startHref} onClick={onClose}>
                <ClipboardPlus aria-hidden="true" />
                Start an infection record
              </Link>
            </Button>
          ) : null}
        </div>
        <p className="text-muted-foreground text-xs">
          Sources:{" "}
          {FEVER_PLAN.sources.map((source, index) => (
            <span key={source.url}>
              {index > 0 ? "; " : ""}
              <a
                href={source.url}
                target="_blank"
                rel="noreferrer"
                className="underline underline-offset-2 hover:text-foreground"
              >
                {source.name}
              </a>
            </span>
          ))}
          .
        </p>
      </div>
    </AlertDialogContent>
  );
}

/** The numbers to call, loaded when the card opens: the care team's, then the infusion centers'. */
function CallList({ childId }: { childId: string }) {
  const team = useQuery(careTeamListApi.listOptions());
  const centers = useQuery(infusionCentersListApi.listOptions({ childId }));
  if (team.isLoading || centers.isLoading) return <Spinner label="Loading phone numbers..." showLabel />;
  const targets = callTargets(team.data ?? [], centers.data ?? []);
  if (targets.length === 0) {
    return (
      <p className="text-sm">
        {team.isError || centers.isError
          ? "The phone numbers could not be loaded."
          : "No phone numbers are saved in Care Team or for an infusion center."}{" "}
        Call your hospital, or go to the emergency department.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2">
      {targets.map((target) => (
        <li key={target.key}>
          <CallLink target={target} />
        </li>
      ))}
    </ul>
  );
}

function CallLink({ target }: { target: CallTarget }) {
  return (
    <a
      href={`tel:${target.tel}`}
      className="flex min-h-12 items-center gap-3 rounded-lg border-2 border-red-300 bg-red-50 px-3 py-2 text-red-900 transition-colors hover:bg-red-100 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
    >
      <Phone aria-hidden="true" className="size-5 shrink-0" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="break-words font-semibold">Call {target.name}</span>
        <span className="font-semibold tabular-nums">{target.phone}</span>
        {target.detail ? <span className="break-words text-sm">{target.detail}</span> : null}
      </span>
    </a>
  );
}
