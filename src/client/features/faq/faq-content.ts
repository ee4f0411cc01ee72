import { FEVER_PLAN, feverThresholdText } from "@/domain/fever-plan";
import { DEFAULT_INTERVAL_HOURS, INTERVAL_SOURCES } from "@/domain/line-care";
import { DEFAULT_FEVER_THRESHOLD_C, LOW_TEMPERATURE_C } from "@/domain/vitals";

/** The FAQ screen's questions, one per topic of the spec, answered for this app. */
export interface FaqEntry {
  id: string;
  question: string;
  /** Paragraphs or steps; a string starting with a digit and a dot is shown as a step. */
  answer: string[];
  /** Where the answer comes from, as links under it. */
  sources?: readonly { name: string; url: string }[];
}

/** An interval as a family says it: "every 7 days", "every 12 hours". */
const every = (hours: number) =>
  hours % 24 === 0 && hours >= 48 ? `every ${hours / 24} days` : `every ${hours} hours`;

const threshold = `${feverThresholdText(DEFAULT_FEVER_THRESHOLD_C, "C")} (${feverThresholdText(DEFAULT_FEVER_THRESHOLD_C, "F")})`;

const FEVER: FaqEntry = {
  id: "fever",
  question: "What do I do if my child has a fever?",
  answer: [
    `With a central line, a fever is a temperature of ${threshold} or higher, unless your care team gave you another one (some programmes use 100.5 °F, which is 38.06 °C): the family's owner can set the family's threshold to theirs.`,
    FEVER_PLAN.action,
    "Tell the emergency department, or the nurse on the phone:",
    ...FEVER_PLAN.tellThem.map((line, i) => `${i + 1}. ${line}`),
    `Why it is urgent: ${FEVER_PLAN.why}`,
    "The same plan is on your child's Care Summary, at your family's threshold: print it or share it with the clinic so it is at hand at the emergency desk.",
    `A low temperature can also be a sign of infection in a small child: NICE's sepsis guideline counts a temperature under 36 °C (96.8 °F) as a warning sign in a child under 5, and a child with sepsis may have no fever at all. Take it again; if it stays low, or your child seems unwell, call the care team as you would for a fever. The app asks for a second look at a temperature below ${feverThresholdText(LOW_TEMPERATURE_C, "C")} (${feverThresholdText(LOW_TEMPERATURE_C, "F")}) before saving it.`,
  ],
  sources: [
    ...FEVER_PLAN.sources,
    {
      name: "NICE guideline NG51: Sepsis, recognition, diagnosis and early management (temperature under 36 °C in children under 5)",
      url: "https://www.nice.org.uk/guidance/ng51",
    },
  ],
};

const { dressingTransparent, dressingGauze, tubingLipidsAlone, tubingWithLipids, tubing, connector } =
  DEFAULT_INTERVAL_HOURS;

const LINE_CARE: FaqEntry = {
  id: "line-care-intervals",
  question: "How often should the dressing, tubing and connector be changed?",
  answer: [
    "These are the usual intervals, and the app's starting point; your care team's own instructions come first.",
    `Dressing: a transparent one ${every(dressingTransparent)}, a gauze one ${every(dressingGauze)}, and at once whenever it is damp, loose or soiled.`,
    `Tubing (the administration set): a set for lipids (fat) given alone, every ${tubingLipidsAlone} hours (INS Standards of Practice 2021; the CDC asks for a lipid emulsion given alone to be finished within 12 hours of hanging it). A PN set with lipids, within ${tubingWithLipids} hours of starting the infusion (the CDC and INS agree). A PN set without lipids, every ${tubing} hours, changed with each new bag, as the INS advises for PN; the CDC allows up to 96 hours for a set without lipids, so a team that follows the CDC may set 96 hours on the line.`,
    `Needleless connector: ${every(connector)}, often together with the dressing (the standards advise no more often than every 96 hours).`,
    "Lock: as prescribed (an ethanol or taurolidine lock is often weekly). There is no default: add the interval to the line when a lock is prescribed.",
    "Each interval can be changed for each line, so a line follows your team's schedule; the app counts each one from the last change you logged for that line.",
  ],
  sources: INTERVAL_SOURCES,
};

export const FAQ_ENTRIES: FaqEntry[] = [
  {
    id: "tpn-nutrition",
    question: "How do I record my child's TPN nutrition?",
    answer: [
      "Open TPN Nutrition from the menu and choose your child in the child picker. Entries always belong to one child, so the Add TPN Entry button stays disabled until a child is chosen.",
      "1. Select Add TPN Entry.",
      "2. Enter the date and, from the pharmacy label or your TPN prescription, the calories (kcal), protein (g), carbohydrates (g), fat (g), the bag volume (mL) and the infusion time in hours.",
      "3. Add notes such as a changed rate, a pump alarm or a missed infusion, then save.",
      "Every number can have up to two decimals. You can edit or delete an entry later from its card. If the child picker is empty, add your child on the Children screen first.",
    ],
  },
  FEVER,
  LINE_CARE,
  {
    id: "food-diary",
    question: "What should I write in the food diary?",
    answer: [
      "The food diary is for anything your child eats or drinks by mouth or tube alongside TPN. Choose Add Entry, pick the date and meal (breakfast, lunch, dinner or snack), and type the foods separated by commas, for example: rice cereal, apple juice.",
      "Note the portion, any reaction, and symptoms afterwards (also separated by commas). Over time this helps your dietitian see which foods are tolerated as oral feeds are increased.",
    ],
  },
  {
    id: "symptom-tracker",
    question: "How does the symptom tracker and the pain scale (1-10) work?",
    answer: [
      "In Symptoms & Pain, choose Add Symptom Entry, enter the date and time, and type the symptoms separated by commas (for example: fever, chills, belly pain).",
      "The pain level goes from 1 to 10: 1 is No Pain, 2-3 Mild, 4-6 Moderate, 7-8 Severe, 9 Very Severe and 10 Worst Pain. For a child who cannot rate pain, pick the level that best matches what you observe. Severity (mild, moderate or severe) describes the episode as a whole.",
      "Symptom Heatmaps turns these entries into a 30-day picture: the most frequent symptoms against the days, coloured by the pain levels recorded.",
    ],
  },
  {
    id: "specialist-visits",
    question: "How do I keep track of specialist visits and follow-ups?",
    answer: [
      "Add each appointment in Specialist Visits with the doctor's name, specialty, date and time, location and the purpose of the visit. After the visit, edit it to add notes and what follow-up is needed, such as 'repeat bloods in 4 weeks'.",
      "Upcoming visits and follow-ups also appear on the dashboard, so you can see what is next at a glance.",
    ],
  },
  {
    id: "lab-results",
    question: "How do I record lab results?",
    answer: [
      "In Lab Tests, add the test name (for example: comprehensive metabolic panel, CBC, liver function), the date it was drawn and who ordered it. The status starts as pending.",
      "When results arrive, edit the test: enter the results and the normal range from the report, and set the status to completed. Set it to reviewed once your care team has gone through them with you. Bring the list to appointments to spot trends.",
    ],
  },
  {
    id: "csv-export",
    question: "Can I export a section to CSV to share with my healthcare providers?",
    answer: [
      "Yes. In Account Settings, Data Management, choose the child and, if you like, a range of dates, then Export CSV: it downloads a zip with one CSV file per section (TPN entries, supplies, PICC lines, visits, lab tests, symptoms, allergies, medications and the rest) that any spreadsheet opens. Export Excel gives one workbook with a sheet per section.",
      "For a doctor, Export PDF or Export Word makes a readable report that opens with a one-page care summary (the latest weight, allergies first, the fever plan while a line is in, medications, the central line with its last dressing change and infection rate, the latest TPN and whom to call), followed by every section. The same summary is on the Care Summary screen, ready to print; open it from Quick Actions on the dashboard. Export FHIR is for hospital systems that read FHIR R4.",
      "The Email buttons send the CSV, Excel, PDF or Word file to your account's email address. TPN Supplies also has its own Export CSV button for the pharmacy.",
      "Export JSON is a complete copy: keep it safe, or restore it later under Restore from an export, on this server or another (tick Include the photos to bring photos back too). Your data stays on your family's server: nothing is shared unless you send a file yourself.",
    ],
  },
  {
    id: "care-team",
    question: "Why add my child's care team?",
    answer: [
      "Care Team keeps every professional's name, role, specialty, hospital, phone and email in one place. On a phone, tap a number to call or an email address to write.",
      "Add the home infusion pharmacy and the 24-hour nurse line too, and put those two numbers in the emergency contacts card on the dashboard so they are one tap away at 3 a.m.",
    ],
  },
  {
    id: "physical-therapy",
    question: "How do I log physical therapy sessions?",
    answer: [
      "In Physical Therapy, choose Add Session and enter the date, time, therapist and location, the exercises done (separated by commas), the duration in minutes and how your child progressed. Add the date of the next session so it is not forgotten.",
      "Home exercise programs can be logged the same way, with yourself as the therapist, so the therapist can see what was practised between visits.",
    ],
  },
];

export const MORE_HELP = [
  "Your child's home infusion pharmacy and 24-hour nurse line for pump, line or TPN bag questions.",
  "Your gastroenterology or intestinal rehabilitation team for changes to the TPN prescription.",
  "Family Support in the menu for crisis lines, financial help and parent communities.",
  "Call 911 for an emergency, such as fever with a central line, breathing problems or heavy bleeding.",
];
