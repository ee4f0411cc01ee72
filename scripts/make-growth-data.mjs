// Writes the growth reference tables in src/domain/growth-data/ (L, M and S by age, for the LMS
// method) from public copies of the WHO and CDC files, so that no number in them is typed by hand.
//
//   node scripts/make-growth-data.mjs \
//     --pygrowup <clone of github.com/ewheeler/pygrowup> \
//     --cdc-wtage-statage <clone of github.com/zainul1996/baby-prediction-backend> \
//     --cdc-bmiagerev <clone of github.com/IvTole/nhanes_metabolic> \
//     [--who-anthro <clone of github.com/WorldHealthOrganization/anthro>] \
//     [--retrieved yyyy-MM-dd]
//
// Each path is a git work tree or a bare repository: the files are read at its HEAD (`git show`),
// and the commit is written into each module's header. With --who-anthro, every WHO row is first
// checked against the WHO's own daily tables (data-raw/growthstandards/*.txt of the WHO Anthro R
// package), and the script stops if a row disagrees. The modules are then formatted with Biome.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    pygrowup: { type: "string" },
    "cdc-wtage-statage": { type: "string" },
    "cdc-bmiagerev": { type: "string" },
    "who-anthro": { type: "string" },
    retrieved: { type: "string", default: new Date().toISOString().slice(0, 10) },
  },
});
for (const required of ["pygrowup", "cdc-wtage-statage", "cdc-bmiagerev"]) {
  if (!args[required]) {
    console.error(`--${required} <path to a clone> is required (see the comment at the top of this script)`);
    process.exit(2);
  }
}

const OUT_DIR = new URL("../src/domain/growth-data/", import.meta.url).pathname;
/** Days in a month, as the WHO and the CDC count them (365.25 / 12). */
const DAYS_PER_MONTH = 30.4375;

const git = (repo, ...rest) => execFileSync("git", ["-C", repo, ...rest], { maxBuffer: 1 << 26 }).toString();
const commitOf = (repo) => git(repo, "rev-parse", "HEAD").trim();
const readAtHead = (repo, path) => git(repo, "show", `HEAD:${path}`);

/** A number from a source cell; anything but a plain decimal stops the script. */
function num(cell, where) {
  const text = String(cell).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a number: ${JSON.stringify(cell)} (${where})`);
  return Number(text);
}

// --- WHO: pygrowup's JSON copies of the WHO z-score tables (weekly to 13 weeks, monthly after) ---

const WHO_INDICATORS = [
  {
    file: "who-weight-for-age.ts",
    name: "whoWeightForAge",
    title: "weight-for-age",
    prefix: "wfa",
    monthly: "0_5",
    lastMonth: 24,
    anthro: "weianthro.txt",
  },
  {
    file: "who-length-for-age.ts",
    name: "whoLengthForAge",
    title: "length-for-age (recumbent length, birth to 24 months)",
    prefix: "lhfa",
    monthly: "0_2",
    lastMonth: 24,
    anthro: "lenanthro.txt",
  },
  {
    file: "who-head-circumference-for-age.ts",
    name: "whoHeadCircumferenceForAge",
    title: "head circumference-for-age (birth to 5 years)",
    prefix: "hcfa",
    monthly: "0_5",
    lastMonth: 60,
    anthro: "hcanthro.txt",
  },
  {
    file: "who-bmi-for-age.ts",
    name: "whoBmiForAge",
    title: "BMI-for-age (from recumbent length, birth to 24 months)",
    prefix: "bmifa",
    monthly: "0_2",
    lastMonth: 24,
    anthro: "bmianthro.txt",
  },
];

const pygrowup = args.pygrowup;
const pygrowupCommit = commitOf(pygrowup);
const tablePath = (name) => `pygrowup/tables/${name}_zscores.json`;

/** Rows [age in months, L, M, S] of one sex: weeks 0–13, then months 3 to `lastMonth`. */
function whoRows(indicator, sex) {
  const weekly = JSON.parse(readAtHead(pygrowup, tablePath(`${indicator.prefix}_${sex}_0_13`)));
  const monthly = JSON.parse(
    readAtHead(pygrowup, tablePath(`${indicator.prefix}_${sex}_${indicator.monthly}`)),
  );
  const lms = (row, where) => [num(row.L, where), num(row.M, where), num(row.S, where)];
  const rows = [];
  for (const row of weekly) {
    const week = num(row.Week, "Week");
    rows.push({ days: week * 7, lms: lms(row, `${indicator.prefix} ${sex} week ${week}`) });
  }
  // Weeks reach 13 (91 days); months continue from 3 (91.3 days).
  for (const row of monthly) {
    const month = num(row.Month, "Month");
    if (month < 3 || month > indicator.lastMonth) continue;
    rows.push({ days: month * DAYS_PER_MONTH, lms: lms(row, `${indicator.prefix} ${sex} month ${month}`) });
  }
  for (let i = 1; i < rows.length; i++) {
    if (!(rows[i].days > rows[i - 1].days)) throw new Error(`${indicator.prefix} ${sex}: ages out of order`);
  }
  return rows;
}

/**
 * Compares each row with the WHO's daily table, linearly interpolated at the row's age in days
 * (weekly rows fall on whole days and must match exactly; monthly rows fall between two days).
 * Length and BMI use only the recumbent-length days (`loh` = L, birth to 730 days).
 */
function checkAgainstWhoDaily(indicator, sex, rows, anthroRepo) {
  const text = readAtHead(anthroRepo, `data-raw/growthstandards/${indicator.anthro}`);
  const [header, ...lines] = text.replace(/\r/g, "").trim().split("\n");
  const cols = header.split("\t");
  const at = (name) => cols.indexOf(name);
  const sexCode = sex === "boys" ? "1" : "2";
  const daily = lines
    .map((line) => line.split("\t"))
    .filter((cells) => cells[at("sex")] === sexCode && (at("loh") < 0 || cells[at("loh")] === "L"))
    .map((cells) => ({
      day: num(cells[at("age")], "age"),
      lms: [num(cells[at("l")], "l"), num(cells[at("m")], "m"), num(cells[at("s")], "s")],
    }));
  const byDay = new Map(daily.map((row) => [row.day, row.lms]));
  const lastDay = daily[daily.length - 1].day;
  let worst = { l: 0, m: 0, s: 0 };
  for (const row of rows) {
    const lo = Math.min(Math.floor(row.days), lastDay - 1);
    const a = byDay.get(lo);
    const b = byDay.get(lo + 1);
    const f = row.days - lo;
    const expected = a.map((value, i) => value + (b[i] - value) * f);
    const exact = Number.isInteger(row.days);
    const diff = {
      l: Math.abs(row.lms[0] - expected[0]),
      m: Math.abs(row.lms[1] / expected[1] - 1),
      s: Math.abs(row.lms[2] - expected[2]),
    };
    // A whole-day row must equal the daily table to its printed digits; between two days the
    // curve is close to a straight line, and a copying error (a wrong digit) is far larger.
    const limit = exact ? { l: 5e-5, m: 5e-5, s: 5e-6 } : { l: 2e-3, m: 2e-4, s: 2e-5 };
    if (diff.l > limit.l || diff.m > limit.m || diff.s > limit.s) {
      throw new Error(
        `${indicator.prefix} ${sex} at ${row.days} days: ${row.lms} differs from the WHO daily table's ${expected}`,
      );
    }
    worst = { l: Math.max(worst.l, diff.l), m: Math.max(worst.m, diff.m), s: Math.max(worst.s, diff.s) };
  }
  return worst;
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

mkdirSync(OUT_DIR, { recursive: true });
const written = [];
const anthroRepo = args["who-anthro"];
const anthroCommit = anthroRepo ? commitOf(anthroRepo) : null;

for (const indicator of WHO_INDICATORS) {
  const bySex = {};
  for (const [sex, key] of [
    ["boys", "male"],
    ["girls", "female"],
  ]) {
    const rows = whoRows(indicator, sex);
    if (anthroRepo) {
      const worst = checkAgainstWhoDaily(indicator, sex, rows, anthroRepo);
      console.log(
        `checked ${indicator.prefix} ${sex} against ${indicator.anthro}: largest differences L ${worst.l.toFixed(5)}, M ${(worst.m * 100).toFixed(4)} %, S ${worst.s.toFixed(6)}`,
      );
    }
    bySex[key] = rows.map((row) => [row.days / DAYS_PER_MONTH, ...row.lms]);
  }
  const files = ["boys", "girls"].flatMap((sex) => [
    tablePath(`${indicator.prefix}_${sex}_0_13`),
    tablePath(`${indicator.prefix}_${sex}_${indicator.monthly}`),
  ]);
  const header = [
    "Generated by scripts/make-growth-data.mjs from the files named below: do not edit by hand.",
    `Publisher: World Health Organization, WHO Child Growth Standards (2006): ${indicator.title}.`,
    "Tables: the WHO's z-score tables by week (birth to 13 weeks) and by month (from 3 months),",
    "as copied into JSON by the pygrowup project (UNICEF), with their L, M and S columns as published.",
    `Repository: github.com/ewheeler/pygrowup, commit ${pygrowupCommit}, files:`,
    ...files.map((file) => `  ${file}`),
    ...(anthroRepo
      ? [
          "Checked against the WHO's daily tables in github.com/WorldHealthOrganization/anthro,",
          `commit ${anthroCommit}, data-raw/growthstandards/${indicator.anthro}.`,
        ]
      : []),
    `Retrieved ${args.retrieved}. Rows: [age in months, L, M, S]; a week's age in months is 7 × weeks / 30.4375.`,
  ];
  const text = moduleText({
    name: indicator.name,
    header,
    source: `WHO Child Growth Standards 2006, ${indicator.title}; github.com/ewheeler/pygrowup@${pygrowupCommit}`,
    ...bySex,
  });
  writeFileSync(join(OUT_DIR, indicator.file), text);
  written.push(indicator.file);
}

for (const table of CDC_TABLES) {
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
