import { Scale, TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { PAGE_CHILD_PARAM } from "@/client/lib/page-child";
import type { ActivePnPrescription } from "@/client/lib/pn-api";
import { cn } from "@/client/lib/utils";
import { USUAL_GIR } from "@/domain/pn";
import { isUnusualGir, weekAverageText, weightUsedText } from "@/domain/pn-text";

/** Vitals on the child's weights: where a parent weighs for current figures. */
export const weighHref = (childId: string) =>
  `/vitals?${new URLSearchParams({ tab: "weight", [PAGE_CHILD_PARAM]: childId })}`;

const number = (value: number, places: number) =>
  value.toLocaleString("en-US", { maximumFractionDigits: places });

/**
 * The version in force per kilogram of the child's latest weight: GIR, kcal, protein and lipid a
 * day, the weight used and its date. A weight older than 30 days, and a GIR outside 4 to 15
 * mg/kg/min, are said in amber beside the figures; without a weight, the way to Vitals.
 */
export function PnPerKg({
  figures,
  childId,
  childName,
}: {
  figures: ActivePnPrescription;
  childId: string;
  childName: string;
}) {
  const { weight } = figures;
  if (!weight) {
    return (
      <Section>
        <p className="text-muted-foreground text-sm">
          No weight yet: add {childName}'s weight in Vitals to see the GIR and the amounts per kilogram.
        </p>
        <WeighLink childId={childId} />
      </Section>
    );
  }
  const unusual = isUnusualGir(figures.gir);
  // Fewer nights than 7: what a PN day gives is not the child's every day.
  // A figure stays on one line with its unit ("1.43 g/kg/day"), on a phone too.
  const week = weekAverageText(figures, figures.prescription?.nightsPerWeek)?.replace(
    /(\d) (?=(kcal|g)\/kg)/g,
    "$1\u00a0",
  );
  const tiles = [
    // The plateau's GIR is the night's highest; the 24-hour average beside it (issue: "GIR said honestly").
    { label: "GIR at full rate", value: figures.gir, unit: "mg/kg/min", places: 1, warn: unusual },
    {
      label: "GIR, 24-hour average",
      value: figures.girDayAverage,
      unit: "mg/kg/min",
      places: 1,
      warn: false,
    },
    { label: "Energy", value: figures.kcalPerKgDay, unit: "kcal/kg/day", places: 1, warn: false },
    { label: "Protein", value: figures.proteinGPerKgDay, unit: "g/kg/day", places: 2, warn: false },
    { label: "Lipid", value: figures.lipidGPerKgDay, unit: "g/kg/day", places: 2, warn: false },
  ].filter((tile) => tile.value !== null);
  return (
    <Section>
      {tiles.length ? (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {tiles.map((tile) => (
            <div
              key={tile.label}
              className={cn(
                "min-w-0 rounded-lg px-3 py-2",
                tile.warn ? "bg-amber-50 text-amber-950" : "bg-muted",
              )}
            >
              <dt className={cn("text-xs", tile.warn ? "text-amber-900" : "text-muted-foreground")}>
                {tile.label}
              </dt>
              <dd className="font-semibold text-base">
                {number(tile.value ?? 0, tile.places)}{" "}
                <span className="whitespace-nowrap font-normal text-xs">{tile.unit}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted-foreground text-sm">
          The prescription gives no dextrose, amino acids or lipid to count per kilogram.
        </p>
      )}
      {week ? (
        <p className="text-sm">
          These are a PN day's figures. {week.charAt(0).toUpperCase()}
          {week.slice(1)}.
        </p>
      ) : null}
      {unusual && figures.gir !== null ? (
        <Notice>
          A GIR at full rate of {number(figures.gir, 1)} mg/kg/min is outside the usual {USUAL_GIR.min} to{" "}
          {USUAL_GIR.max} mg/kg/min. Check the prescription and the weight, and ask the care team if they are
          right.
        </Notice>
      ) : null}
      {weight.stale ? (
        <Notice>
          <span className="block">{weightUsedText(weight)}.</span>
          <WeighLink childId={childId} className="mt-1" />
        </Notice>
      ) : (
        <p className="text-muted-foreground text-sm">{weightUsedText(weight)}.</p>
      )}
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-border border-t pt-4">
      <h3 id={headingId} className="font-semibold text-sm">
        Per kilogram
      </h3>
      {children}
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function WeighLink({ childId, className }: { childId: string; className?: string }) {
  return (
    <Button asChild variant="outline" size="sm" className={cn("self-start", className)}>
      <Link href={weighHref(childId)}>
        <Scale aria-hidden="true" />
        Weigh in Vitals
      </Link>
    </Button>
  );
}
