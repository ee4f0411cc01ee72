// Writes the growth reference tables in src/domain/growth-data/ (L, M and S by age, for the LMS
// method) from public copies of the WHO and CDC files, so that no number in them is typed by hand.
//
//   node scripts/make-growth-data.mjs \
//     [--who-anthro <clone of github.com/WorldHealthOrganization/anthro>] \
//     [--cdc-wtage-statage <clone of github.com/zainul1996/baby-prediction-backend>] \
//     [--cdc-bmiagerev <clone of github.com/IvTole/nhanes_metabolic>] \
//     [--retrieved yyyy-MM-dd]
//
// Each path is a git work tree or a bare repository: the files are read at its HEAD (`git show`),
// and the commit is written into each module's header. Each source given rewrites its own tables
// (--who-anthro the four WHO ones; the CDC options theirs); the modules are then formatted with Biome.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    "who-anthro": { type: "string" },
    "cdc-wtage-statage": { type: "string" },
    "cdc-bmiagerev": { type: "string" },
    retrieved: { type: "string", default: new Date().toISOString().slice(0, 10) },
  },
});
if (!args["who-anthro"] && !args["cdc-wtage-statage"] && !args["cdc-bmiagerev"]) {
  console.error("Give at least one source (see the comment at the top of this script).");
  process.exit(2);
}

const OUT_DIR = new URL("../src/domain/growth-data/", import.meta.url).pathname;

const git = (repo, ...rest) => execFileSync("git", ["-C", repo, ...rest], { maxBuffer: 1 << 26 }).toString();
const commitOf = (repo) => git(repo, "rev-parse", "HEAD").trim();
const readAtHead = (repo, path) => git(repo, "show", `HEAD:${path}`);

/** A number from a source cell; anything but a plain decimal stops the script. */
function num(cell, where) {
  const text = String(cell).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a number: ${JSON.stringify(cell)} (${where})`);
  return Number(text);
}

// --- WHO: the daily tables of the WHO's anthro package (one row per day of age from birth) ---

const WHO_INDICATORS = [
  {
    file: "who-weight-for-age.ts",
    name: "whoWeightForAge",
    title: "weight-for-age",
    anthro: "weianthro.txt",
    // The WHO standards serve under 24 months (730.5 days); the CDC charts from there.
    lastDay: 730,
  },
  {
    file: "who-length-for-age.ts",
    name: "whoLengthForAge",
    title: "length-for-age (recumbent length, birth to 24 months)",
    anthro: "lenanthro.txt",
    lastDay: 730,
  },
  {
    file: "who-head-circumference-for-age.ts",
    name: "whoHeadCircumferenceForAge",
    title: "head circumference-for-age (birth to 5 years)",
    anthro: "hcanthro.txt",
    // 60 months is 1826.25 days; the file's last day is 1826.
    lastDay: 1826,
  },
  {
    file: "who-bmi-for-age.ts",
    name: "whoBmiForAge",
    title: "BMI-for-age (from recumbent length, birth to 24 months)",
    anthro: "bmianthro.txt",
    lastDay: 730,
  },
];

const ANTHRO_DIR = "data-raw/growthstandards";

/**
 * Rows [L, M, S] of one sex for days 0 to `lastDay`, row i being day i. Length and BMI take the
 * recumbent-length rows (`loh` L, which the WHO uses to 730 days). Every day must be there once.
 */
function whoDailyRows(anthroRepo, indicator, sexCode) {
  const text = readAtHead(anthroRepo, `${ANTHRO_DIR}/${indicator.anthro}`);
  const [header, ...lines] = text.replace(/\r/g, "").trim().split("\n");
  const cols = header.split("\t");
  const at = (name) => cols.indexOf(name);
  for (const name of ["sex", "age", "l", "m", "s"]) {
    if (at(name) < 0) throw new Error(`${indicator.anthro}: no ${name} column in ${header}`);
  }
  const rows = [];
  for (const line of lines) {
    const cells = line.split("\t");
    if (cells[at("sex")] !== sexCode || (at("loh") >= 0 && cells[at("loh")] !== "L")) continue;
    const where = `${indicator.anthro}: ${line}`;
    const day = num(cells[at("age")], where);
    if (day > indicator.lastDay) continue;
    if (day !== rows.length) throw new Error(`${where}: expected day ${rows.length}`);
    rows.push([num(cells[at("l")], where), num(cells[at("m")], where), num(cells[at("s")], where)]);
  }
  if (rows.length !== indicator.lastDay + 1) {
    throw new Error(
      `${indicator.anthro} sex ${sexCode}: ${rows.length} days, expected ${indicator.lastDay + 1}`,
    );
  }
  return rows;
}

// --- CDC 2000: the CDC's CSV files (Sex, Agemos, L, M, S, P3 … P97) ---

const CDC_TABLES = [
  {
    file: "cdc-weight-for-age.ts",
    name: "cdcWeightForAge",
    title: "weight-for-age, 2 to 20 years (wtage.csv)",
    repoArg: "cdc-wtage-statage",
    repo: "zainul1996/baby-prediction-backend",
    path: "wtage.csv",
  },
  {
    file: "cdc-stature-for-age.ts",
    name: "cdcStatureForAge",
    title: "stature-for-age, 2 to 20 years (statage.csv)",
    repoArg: "cdc-wtage-statage",
    repo: "zainul1996/baby-prediction-backend",
    path: "statage.csv",
  },
  {
    file: "cdc-bmi-for-age.ts",
    name: "cdcBmiForAge",
    title: "BMI-for-age, 2 to 20 years (bmiagerev.csv, the revised BMI file)",
    repoArg: "cdc-bmiagerev",
    repo: "IvTole/nhanes_metabolic",
    path: "data/bmiagerev.csv",
  },
];

function cdcRows(table) {
  const text = readAtHead(args[table.repoArg], table.path);
  const [header, ...lines] = text.replace(/\r\n?/g, "\n").trim().split("\n");
  const cols = header.split(",").map((c) => c.trim());
  for (const name of ["Sex", "Agemos", "L", "M", "S"]) {
    if (!cols.includes(name)) throw new Error(`${table.path}: no ${name} column in ${header}`);
  }
  const rows = { male: [], female: [] };
  for (const line of lines) {
    const cells = line.split(",");
    const cell = (name) => num(cells[cols.indexOf(name)], `${table.path}: ${line}`);
    const sex = cell("Sex") === 1 ? "male" : cell("Sex") === 2 ? "female" : null;
    if (!sex) throw new Error(`${table.path}: unknown Sex in ${line}`);
    rows[sex].push([cell("Agemos"), cell("L"), cell("M"), cell("S")]);
  }
  for (const sex of ["male", "female"]) {
    const ages = rows[sex].map((row) => row[0]);
    if (ages[0] !== 24 || ages.some((age, i) => i > 0 && !(age > ages[i - 1]))) {
      throw new Error(`${table.path} ${sex}: ages do not start at 24 months and rise`);
    }
  }
  return rows;
}

// --- Output ---

const fmtRow = (row) => `[${row.join(", ")}],`;

function moduleText({ name, header, source, male, female }) {
  return `${header.map((line) => `// ${line}`.trimEnd()).join("\n")}
import type { LmsTable } from "./types";

export const ${name}: LmsTable = {
  source: ${JSON.stringify(source)},
  retrieved: ${JSON.stringify(args.retrieved)},
  sex: {
    male: [
${male.map(fmtRow).join("\n")}
    ],
    female: [
${female.map(fmtRow).join("\n")}
    ],
  },
};
`;
}

/** A module of rows one day apart: `dailyTable` gives each row its age in months (day / 30.4375). */
function dailyModuleText({ name, header, source, male, female }) {
  return `${header.map((line) => `// ${line}`.trimEnd()).join("\n")}
// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: the WHO's numbers, not constants (-0.4342 is not log10(e))
import { dailyTable } from "./daily";

export const ${name} = dailyTable({
  source: ${JSON.stringify(source)},
  retrieved: ${JSON.stringify(args.retrieved)},
  male: [
${male.map(fmtRow).join("\n")}
  ],
  female: [
${female.map(fmtRow).join("\n")}
  ],
});
`;
}

mkdirSync(OUT_DIR, { recursive: true });
const written = [];
const anthroRepo = args["who-anthro"];

for (const indicator of anthroRepo ? WHO_INDICATORS : []) {
  const commit = commitOf(anthroRepo);
  const path = `${ANTHRO_DIR}/${indicator.anthro}`;
  const header = [
    "Generated by scripts/make-growth-data.mjs from the file named below: do not edit by hand.",
    `Publisher: World Health Organization, WHO Child Growth Standards (2006): ${indicator.title}.`,
    'The WHO\'s daily LMS table (the parameters behind its published "expanded tables", one row per',
    "day of age), as distributed with the WHO's anthro R package: github.com/WorldHealthOrganization/anthro,",
    `commit ${commit}, file ${path}.`,
    "Licence: the anthro package is published by the WHO under the GNU GPL v3 (its LICENSE.md); only",
    "the table's numbers are copied here, none of the package's code.",
    `Rows: [L, M, S] for days 0 to ${indicator.lastDay}${indicator.anthro === "lenanthro.txt" || indicator.anthro === "bmianthro.txt" ? " (the recumbent-length rows, loh L)" : ""}, of sex 1 (male) and 2 (female).`,
    `Retrieved ${args.retrieved}.`,
  ];
  const text = dailyModuleText({
    name: indicator.name,
    header,
    source: `WHO Child Growth Standards 2006, ${indicator.title}, by day; github.com/WorldHealthOrganization/anthro@${commit}:${path}`,
    male: whoDailyRows(anthroRepo, indicator, "1"),
    female: whoDailyRows(anthroRepo, indicator, "2"),
  });
  writeFileSync(join(OUT_DIR, indicator.file), text);
  written.push(indicator.file);
}

for (const table of CDC_TABLES.filter((t) => args[t.repoArg])) {
  const commit = commitOf(args[table.repoArg]);
  const rows = cdcRows(table);
  const header = [
    "Generated by scripts/make-growth-data.mjs from the file named below: do not edit by hand.",
    `Publisher: CDC, National Center for Health Statistics, 2000 CDC growth charts: ${table.title}.`,
    "The CDC's data file (www.cdc.gov/growthcharts/percentile_data_files.htm), a copy kept in",
    `github.com/${table.repo}, commit ${commit}, file ${table.path}.`,
    `Retrieved ${args.retrieved}. Rows: [age in months (Agemos), L, M, S]; sex 1 is male, 2 is female.`,
  ];
  const text = moduleText({
    name: table.name,
    header,
    source: `CDC 2000 growth charts, ${table.title}; github.com/${table.repo}@${commit}:${table.path}`,
    ...rows,
  });
  writeFileSync(join(OUT_DIR, table.file), text);
  written.push(table.file);
}

const biome = new URL("../node_modules/.bin/biome", import.meta.url).pathname;
execFileSync(biome, ["format", "--write", ...written.map((file) => join(OUT_DIR, file))], {
  stdio: "inherit",
});
console.log(`wrote ${written.length} modules in ${OUT_DIR}`);
