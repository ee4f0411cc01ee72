import { Thermometer } from "lucide-react";
import { useId } from "react";
import { type CareSummary, feverThresholdBoth } from "@/domain/exports";
import { FEVER_PLAN } from "@/domain/fever-plan";

/**
 * The fever plan while a central line is in, boxed under the allergies: the family's threshold
 * (in its unit, the other in brackets for a clinician used to it), what to do now, and what to
 * ask the emergency department for, with the sources it comes from.
 */
export function FeverPlanSection({
  plan,
  headingLevel,
}: {
  plan: NonNullable<CareSummary["feverPlan"]>;
  headingLevel: "h2" | "h3";
}) {
  const headingId = useId();
  const Heading = headingLevel;
  return (
    <section
      aria-labelledby={headingId}
      className="break-inside-avoid rounded-lg border-2 border-amber-600 bg-amber-50 p-3 print:bg-white"
    >
      <Heading id={headingId} className="flex items-center gap-2 font-bold text-amber-800">
        <Thermometer aria-hidden="true" className="size-5 shrink-0" />
        {FEVER_PLAN.title}
      </Heading>
      <p className="mt-1 text-sm">
        <span className="font-semibold">Fever: {feverThresholdBoth(plan)} or higher.</span> {plan.action}
      </p>
      <p className="mt-1 font-semibold text-sm">Tell the emergency department:</p>
      <ul className="list-disc pl-5 text-sm">
        {plan.tellThem.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs">
        Sources:{" "}
        {FEVER_PLAN.sources.map((source, i) => (
          <span key={source.url}>
            {i > 0 ? "; " : ""}
            <a
              href={source.url}
              target="_blank"
              rel="noreferrer"
              className="underline underline-offset-2 print:no-underline"
            >
              {source.name}
            </a>
          </span>
        ))}
        .
      </p>
    </section>
  );
}
