import { TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { formatCardDate } from "@/client/lib/format";
import { ALLERGY_SEVERITY_LABELS } from "@/domain/allergies";
import {
  abnormalResultText,
  fluidBalanceLines,
  noAbnormalResults,
  type SummaryAbnormalLabs,
  type SummaryFluidBalance,
} from "@/domain/care-summary-parts";
import { type CareSummary, daysAgoText, SUMMARY_FEVER_DAYS, type TemperatureReading } from "@/domain/exports";
import { DRESSING_TYPE_LABELS } from "@/domain/line-care";
import {
  INFECTION_TYPE_LABELS,
  INSERTION_SITE_LABELS,
  LINE_TYPE_LABELS,
  OUTCOME_LABELS,
} from "@/domain/picc";
import { USUAL_GIR } from "@/domain/pn";
import { VITAL_LABELS } from "@/domain/vitals";
import { FeverPlanSection } from "./fever-plan-section";

/** A stored choice ('double-lumen') as the app names it ('Double lumen'). */
const labelOf = (labels: Record<string, string>, value: string | null) =>
  value ? (labels[value] ?? value.replaceAll(/[-_]/g, " ")) : "";

/** A stored amount ('900.00') as a person writes it ('900'). */
const amount = (value: string | number) => String(Number(value));

/** A measurement and its day: "21.4 kg (Nov 20, 2026)". */
const measured = (m: { value: number; date: string }, unit: string) =>
  `${amount(m.value)} ${unit} (${formatCardDate(m.date)})`;

/** The level of the sheet's title; its sections' headings are one below. */
type TitleLevel = 1 | 2;
const headingOf = (level: TitleLevel) => (level === 1 ? "h1" : "h2");
const sectionHeadingOf = (level: TitleLevel) => (level === 1 ? "h2" : "h3");

function Section({ title, level, children }: { title: string; level: TitleLevel; children: ReactNode }) {
  const Heading = sectionHeadingOf(level);
  return (
    <section className="break-inside-avoid">
      <Heading className="mb-1 border-border border-b pb-0.5 font-semibold text-sm uppercase tracking-wide">
        {title}
      </Heading>
      <div className="text-sm">{children}</div>
    </section>
  );
}

/** A phone number a tap calls (on a phone; a computer offers its calling app). */
function Phone({ number }: { number: string }) {
  const dial = number.replace(/[^\d+]/g, "");
  if (!dial) return <>{number}</>;
  return (
    <a
      href={`tel:${dial}`}
      className="font-medium text-primary underline-offset-4 hover:underline print:text-inherit print:no-underline"
    >
      {number}
    </a>
  );
}

/** When a temperature was taken: "Nov 26, 2026 21:40". */
const takenAt = (r: TemperatureReading) => [formatCardDate(r.date), r.time].filter(Boolean).join(" ");

/**
 * The last temperature (marked when it is a fever) and every fever of the last week, in the
 * family's unit at the family's threshold: what a clinic asks first about a child with a line.
 */
function Temperatures({ temperature }: { temperature: NonNullable<CareSummary["temperature"]> }) {
  const { latest, recentFevers } = temperature;
  return (
    <>
      <p className="text-sm">
        <span className="font-semibold">Last temperature</span>{" "}
        {latest ? (
          <>
            {latest.shown} ({takenAt(latest)})
            {latest.fever ? <span className="font-semibold text-red-800"> · fever</span> : null}
          </>
        ) : (
          "not recorded"
        )}
      </p>
      <p className="text-sm">
        <span className="font-semibold">
          Fevers in the last {SUMMARY_FEVER_DAYS} days ({temperature.threshold} or higher)
        </span>{" "}
        {recentFevers.length
          ? recentFevers.map((r) => `${r.shown} ${takenAt(r)}`).join("; ")
          : "none recorded"}
      </p>
    </>
  );
}

/** The line in place: its type (and so its lumens), site, insertion and age, and its last dressing change. */
function LineInPlace({ line }: { line: NonNullable<CareSummary["currentLine"]> }) {
  const dressing = line.lastDressing;
  return (
    <>
      <p>
        {[
          labelOf(LINE_TYPE_LABELS, line.lineType) || "Central line",
          labelOf(INSERTION_SITE_LABELS, line.insertionSite).toLowerCase(),
          `inserted ${formatCardDate(line.insertionDate)}`,
        ]
          .filter(Boolean)
          .join(", ")}{" "}
        ({line.daysIn} {line.daysIn === 1 ? "day" : "days"} in)
      </p>
      <p>
        Last dressing change:{" "}
        {dressing
          ? [
              formatCardDate(dressing.date),
              daysAgoText(dressing.daysAgo),
              labelOf(DRESSING_TYPE_LABELS, dressing.dressingType).toLowerCase(),
            ]
              .filter(Boolean)
              .join(", ")
          : "not recorded"}
      </p>
    </>
  );
}

/**
 * The PN prescription in force: the bag over its hours at its rate, what it holds, its additives,
 * its GIR and kcal per kilogram and the weight they used (which says when it is too old).
 */
function PnPrescription({ pn }: { pn: NonNullable<CareSummary["pnPrescription"]> }) {
  return (
    <>
      <p>{pn.infusion}</p>
      {pn.contents ? <p>{pn.contents}</p> : null}
      {pn.energyFactors ? <p className="text-xs">{pn.energyFactors}.</p> : null}
      {pn.additives ? <p>Additives: {pn.additives}</p> : null}
      <p>
        {pn.perKg ?? "Per kilogram: no weight recorded"}
        {pn.unusualGir ? ` (GIR outside the usual ${USUAL_GIR.min} to ${USUAL_GIR.max} mg/kg/min)` : ""}
      </p>
      {pn.weightUsed ? (
        <p className={pn.weight?.stale ? "font-semibold text-xs" : "text-xs"}>{pn.weightUsed}</p>
      ) : null}
      <p className="text-xs">
        From {formatCardDate(pn.startDate)}
        {pn.prescriber ? `, prescribed by ${pn.prescriber}` : ""}
      </p>
    </>
  );
}

/**
 * Today's balance so far on the family's clock: in and out (per kg), the urine rate, the energy from
 * PN and feeds with the feeds' share, what is not counted, and the limits crossed yesterday.
 */
function FluidBalance({ balance }: { balance: SummaryFluidBalance }) {
  return (
    <>
      {fluidBalanceLines(balance).map((line) => (
        <p key={line.lead || line.text}>
          {line.lead ? <span className="font-semibold">{line.lead}</span> : null}
          {line.text}
        </p>
      ))}
      {balance.logged && balance.weight ? (
        <p className="text-muted-foreground text-xs">
          Per kg of {amount(balance.weight.kg)} kg ({formatCardDate(balance.weight.date)}); urine over the
          hours gone by today.
        </p>
      ) : null}
    </>
  );
}

/** Each analyte's latest value when it is abnormal, newest first: its day, value, range and context. */
function AbnormalLabs({ labs }: { labs: SummaryAbnormalLabs }) {
  if (labs.results.length === 0) return <p>{noAbnormalResults(labs.months)}</p>;
  return (
    <ul>
      {labs.results.map((r) => (
        <li key={`${r.date}-${r.time}-${r.analyte}`}>
          <span className="font-semibold">{[formatCardDate(r.date), r.time].filter(Boolean).join(" ")}</span>{" "}
          {abnormalResultText(r)}
        </li>
      ))}
    </ul>
  );
}

/**
 * One child's care summary: what an emergency room or a new doctor needs first, on one printed
 * page. The Care Summary screen shows one per child; a clinic link's page shows its child's.
 */
export function CareSummarySheet({
  summary,
  title,
  titleLevel = 2,
  note,
}: {
  summary: CareSummary;
  /** The sheet's title; the child's name by default. */
  title?: string;
  /** 1 when the sheet is the page's main content (a clinic link's page). */
  titleLevel?: TitleLevel;
  /** A line under the title (who shared it, until when). */
  note?: ReactNode;
}) {
  const { child } = summary;
  const allergiesId = useId();
  const Title = headingOf(titleLevel);
  const SectionHeading = sectionHeadingOf(titleLevel);
  return (
    <article className="care-summary-sheet flex flex-col gap-4 rounded-xl border border-border bg-card p-6 print:rounded-none print:border-0 print:p-0">
      <header>
        <Title className="font-bold text-2xl">{title ?? child?.name ?? "Family"}</Title>
        {child ? (
          <p className="text-sm">
            {child.age}
            {child.dateOfBirth ? ` · born ${formatCardDate(child.dateOfBirth)}` : ""}
            {child.diagnosis ? ` · ${child.diagnosis}` : ""}
          </p>
        ) : null}
        {child ? (
          <p className="text-sm">
            <span className="font-semibold">Weight</span>{" "}
            {summary.latestWeight ? measured(summary.latestWeight, "kg") : "not recorded"}
            {summary.latestHeight ? ` · ${VITAL_LABELS.height} ${measured(summary.latestHeight, "cm")}` : ""}
          </p>
        ) : null}
        {summary.temperature ? <Temperatures temperature={summary.temperature} /> : null}
        {summary.familyContact ? (
          <p className="text-sm">
            <span className="font-semibold">Family contact</span>{" "}
            {summary.familyContact.name ? `${summary.familyContact.name} · ` : ""}
            <Phone number={summary.familyContact.phone} />
          </p>
        ) : null}
        <p className="text-muted-foreground text-xs">Care summary of {formatCardDate(summary.generatedOn)}</p>
        {note ? <p className="mt-1 text-sm">{note}</p> : null}
      </header>
      <section
        aria-labelledby={allergiesId}
        className="rounded-lg border-2 border-red-600 bg-red-50 p-3 print:bg-white"
      >
        <SectionHeading id={allergiesId} className="flex items-center gap-2 font-bold text-red-800">
          <TriangleAlert aria-hidden="true" className="size-5" />
          Allergies
        </SectionHeading>
        {summary.allergies.length ? (
          <ul className="mt-1 text-sm">
            {summary.allergies.map((a) => (
              <li key={a.allergen}>
                <span className="font-semibold">{a.allergen}</span> (
                {labelOf(ALLERGY_SEVERITY_LABELS, a.severity).toLowerCase()}): {a.reaction}
                {a.treatment ? `. Treatment: ${a.treatment}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm">No known allergies recorded.</p>
        )}
      </section>
      {summary.feverPlan ? <FeverPlanSection plan={summary.feverPlan} headingLevel={SectionHeading} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <Section level={titleLevel} title="Current medications">
          {summary.medications.length ? (
            <ul>
              {summary.medications.map((m) => (
                <li key={m.name}>
                  <span className="font-medium">{m.name}</span> {m.dosage}, {m.frequency}
                  {m.route ? ` · ${m.route}` : ""}
                  {m.purpose ? ` (${m.purpose})` : ""}
                  {m.schedule || m.lastDose ? (
                    <span className="block text-xs">
                      {[m.schedule && `Schedule: ${m.schedule}`, m.lastDose && `Last dose: ${m.lastDose}`]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>None recorded.</p>
          )}
        </Section>
        <Section level={titleLevel} title="Central line">
          {summary.currentLine ? <LineInPlace line={summary.currentLine} /> : <p>No line in place.</p>}
          <p>
            Infections: {summary.infections.length}
            {summary.lineDays.infectionRate !== null
              ? ` · ${summary.lineDays.infectionRate.toFixed(1)} bloodstream infections per 1,000 catheter-days (over ${summary.lineDays.catheterDays} catheter-days)`
              : ""}
          </p>
          {summary.infections.slice(0, 3).map((i) => (
            <p key={`${i.infectionDate}-${i.infectionType}`} className="text-xs">
              {formatCardDate(i.infectionDate)}: {labelOf(INFECTION_TYPE_LABELS, i.infectionType)}
              {i.organism ? `, ${i.organism}` : ""}
              {i.outcome ? `, ${labelOf(OUTCOME_LABELS, i.outcome).toLowerCase()}` : ""}
            </p>
          ))}
        </Section>
        {child ? (
          <Section level={titleLevel} title="PN prescription">
            {summary.pnPrescription ? <PnPrescription pn={summary.pnPrescription} /> : <p>None recorded.</p>}
          </Section>
        ) : null}
        <Section level={titleLevel} title="Latest TPN">
          {summary.latestTpn ? (
            <p>
              {formatCardDate(summary.latestTpn.date)}:{" "}
              {[
                summary.latestTpn.calories && `${amount(summary.latestTpn.calories)} kcal`,
                summary.latestTpn.protein && `protein ${amount(summary.latestTpn.protein)} g`,
                summary.latestTpn.carbohydrates &&
                  `carbohydrates ${amount(summary.latestTpn.carbohydrates)} g`,
                summary.latestTpn.fat && `fat ${amount(summary.latestTpn.fat)} g`,
                summary.latestTpn.volume && `${amount(summary.latestTpn.volume)} mL`,
                summary.latestTpn.duration !== null && `over ${amount(summary.latestTpn.duration)} h`,
              ]
                .filter(Boolean)
                .join(", ")}
            </p>
          ) : (
            <p>No TPN recorded.</p>
          )}
        </Section>
        <Section level={titleLevel} title="Infusion center">
          {summary.infusionCenters.length ? (
            summary.infusionCenters.map((c) => (
              <p key={c.name}>
                <span className="font-medium">{c.name}</span>
                {c.phone ? (
                  <>
                    {" · "}
                    <Phone number={c.phone} />
                  </>
                ) : null}
                {c.contactPerson ? ` · ${c.contactPerson}` : ""}
              </p>
            ))
          ) : (
            <p>None recorded.</p>
          )}
        </Section>
      </div>
      <Section level={titleLevel} title="Care team">
        {summary.careTeam.length ? (
          <ul className="grid gap-x-4 sm:grid-cols-2 print:grid-cols-2">
            {summary.careTeam.map((m) => (
              <li key={`${m.name}-${m.role}`}>
                <span className="font-medium">{m.name}</span>, {m.role}
                {m.phone ? (
                  <>
                    {" · "}
                    <Phone number={m.phone} />
                  </>
                ) : null}
                {m.hospital ? ` · ${m.hospital}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p>None recorded.</p>
        )}
      </Section>
      {summary.fluidBalance || summary.abnormalLabs ? (
        <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
          {summary.fluidBalance ? (
            <Section level={titleLevel} title="Fluid balance today">
              <FluidBalance balance={summary.fluidBalance} />
            </Section>
          ) : null}
          {summary.abnormalLabs ? (
            <Section level={titleLevel} title="Latest abnormal lab results">
              <AbnormalLabs labs={summary.abnormalLabs} />
            </Section>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
