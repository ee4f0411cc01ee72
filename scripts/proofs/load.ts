/**
 * `npm run proof:load`: many families at once on the built server, then every write it
 * acknowledged looked for, on the embedded database and on PostgreSQL (docs/security.md, "Proofs").
 *
 * 10 families of 5 signed-in people each (an owner and four caregivers, each from an address of
 * their own) use the app for 60 s, each person sending the next request as soon as the last one is
 * answered: reads (lists, the dashboard, the supplies), notes added, changed and deleted, vitals,
 * supply usage and deliveries. Every create carries the id its device made, so a write is found
 * afterwards whether or not its answer arrived. Then, with the load over:
 * - every acknowledged (2xx) create is read back, with the text of its last acknowledged change,
 *   and every acknowledged delete reads as gone;
 * - each family's supply stock is exactly its first stock plus the deliveries and less the usage
 *   the server holds, and every acknowledged usage and delivery is among them.
 * Figures: requests per second, p50 and p99 of every request's time, errors (any answer that is
 * not 2xx, or no answer within 30 s), and what the check found; each kind of request's times.
 *   npm run proof:load [-- --seconds 60] [-- --families 10] [-- --people 5] [-- --databases pglite,postgresql]
 * PostgreSQL: a database of its own on PROOF_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), made and dropped. Exits 1 when a write is lost or
 * a stock is wrong.
 */
import { randomUUID } from "node:crypto";
import {
  argument,
  buildFirst,
  type DatabaseKind,
  databasesAsked,
  machineLoad,
  makeDataPlace,
  makeFamily,
  markdownTable,
  type Person,
  percentile,
  startServer,
  today,
} from "./common";

const SECONDS = Number(argument("--seconds", "60"));
const FAMILIES = Number(argument("--families", "10"));
const PEOPLE = Number(argument("--people", "5"));
const FIRST_STOCK = 500_000;

interface FamilyState {
  people: Person[];
  childId: string;
  supplyId: string;
  /** Notes by id: the text of the last acknowledged change, or "deleted". */
  notes: Map<string, { content: string | "deleted"; by: number }>;
  vitals: Set<string>;
  /** Every usage and delivery sent (by id), whether acknowledged. */
  usage: Map<string, { quantity: number; acknowledged: boolean }>;
  receipts: Map<string, { quantity: number; acknowledged: boolean }>;
}

interface Figures {
  requests: number;
  errors: number;
  latencies: number[];
  errorKinds: Map<string, number>;
  /** Each kind of request's times, to say which were slow. */
  byKind: Map<string, number[]>;
}

function note(figures: Figures, what: string, status: number | "no answer", ms: number) {
  figures.requests += 1;
  figures.latencies.push(ms);
  const request = what.replace(/ \(.*\)$/, "");
  const times = figures.byKind.get(request) ?? [];
  times.push(ms);
  figures.byKind.set(request, times);
  if (typeof status === "number" && status >= 200 && status < 300) return true;
  figures.errors += 1;
  const kind = `${what}: ${status}`;
  figures.errorKinds.set(kind, (figures.errorKinds.get(kind) ?? 0) + 1);
  return false;
}

/** One person's requests until the deadline. */
async function personLoop(family: FamilyState, index: number, deadline: number, figures: Figures) {
  const person = family.people[index]!;
  const mine: string[] = [];
  let serial = 0;
  const send = async (what: string, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    try {
      const answer = await person.send(method, path, body);
      return { ok: note(figures, what, answer.status, answer.ms), answer };
    } catch (error) {
      note(figures, `${what} (${(error as Error).name})`, "no answer", performance.now() - started);
      return { ok: false, answer: undefined };
    }
  };
  const reads = [
    "/api/notes",
    "/api/tpn-supplies",
    "/api/dashboard/stats",
    "/api/vitals",
    "/api/supply-usage",
  ];
  while (performance.now() < deadline) {
    const roll = Math.random();
    serial += 1;
    if (roll < 0.5) {
      await send("read", "GET", reads[serial % reads.length]!);
    } else if (roll < 0.62) {
      const id = randomUUID();
      const content = `Note ${index}-${serial}`;
      const { ok } = await send("add a note", "POST", "/api/notes", {
        id,
        childId: family.childId,
        title: "Night",
        content,
      });
      if (ok) {
        family.notes.set(id, { content, by: index });
        mine.push(id);
      }
    } else if (roll < 0.68 && mine.length) {
      const id = mine[serial % mine.length]!;
      const content = `Changed ${index}-${serial}`;
      const { ok } = await send("change a note", "PATCH", `/api/notes/${id}`, { content });
      if (ok) family.notes.set(id, { content, by: index });
    } else if (roll < 0.7 && mine.length) {
      const id = mine.splice(serial % mine.length, 1)[0]!;
      const { ok } = await send("delete a note", "DELETE", `/api/notes/${id}`);
      if (ok) family.notes.set(id, { content: "deleted", by: index });
    } else if (roll < 0.8) {
      const id = randomUUID();
      const { ok } = await send("add a vital", "POST", "/api/vitals", {
        id,
        childId: family.childId,
        date: today(),
        kind: "temperature",
        value: 36.5 + (serial % 20) / 10,
        site: "oral",
      });
      if (ok) family.vitals.add(id);
    } else if (roll < 0.96) {
      const id = randomUUID();
      const quantity = 1 + (serial % 3);
      family.usage.set(id, { quantity, acknowledged: false });
      const { ok } = await send("use a supply", "POST", "/api/supply-usage", {
        id,
        supplyId: family.supplyId,
        quantityUsed: quantity,
        usageDate: today(),
      });
      if (ok) family.usage.set(id, { quantity, acknowledged: true });
    } else {
      const id = randomUUID();
      const quantity = 5 + (serial % 5);
      family.receipts.set(id, { quantity, acknowledged: false });
      const { ok } = await send("receive a delivery", "POST", "/api/tpn-supplies/receipts", {
        lines: [{ id, supplyId: family.supplyId, quantity }],
      });
      if (ok) family.receipts.set(id, { quantity, acknowledged: true });
    }
  }
}

/** Every stock event of a supply, page after page. */
async function stockEvents(
  owner: Person,
  supplyId: string,
): Promise<Map<string, { quantity: number | null }>> {
  const found = new Map<string, { quantity: number | null }>();
  let after = "";
  for (;;) {
    const page = await owner.must<{ id: string; quantity: number | null }[]>(
      "GET",
      `/api/supply-stock-events?supplyId=${supplyId}&limit=500${after ? `&after=${after}` : ""}`,
    );
    for (const event of page) found.set(event.id, event);
    if (page.length < 500) return found;
    after = page[page.length - 1]!.id;
  }
}

/** Reads every write back: answers the problems found and what was counted. */
async function check(family: FamilyState) {
  const owner = family.people[0]!;
  const problems: string[] = [];
  let acknowledged = 0;
  let found = 0;
  for (const [id, last] of family.notes) {
    acknowledged += 1;
    const read = await owner.send("GET", `/api/notes/${id}`);
    if (last.content === "deleted") {
      if (read.status === 404) found += 1;
      else problems.push(`note ${id} was deleted, yet reads ${read.status}`);
    } else if (read.status === 200 && (read.body as { content: string }).content === last.content) found += 1;
    else
      problems.push(
        `note ${id}: expected "${last.content}", read ${read.status} ${JSON.stringify(read.body)}`,
      );
  }
  for (const id of family.vitals) {
    acknowledged += 1;
    const read = await owner.send("GET", `/api/vitals/${id}`);
    if (read.status === 200) found += 1;
    else problems.push(`vital ${id}: read ${read.status}`);
  }
  // Stock: what the server holds of every usage and delivery sent, acknowledged or not.
  let used = 0;
  let unansweredDone = 0;
  for (const [id, usage] of family.usage) {
    const read = await owner.send("GET", `/api/supply-usage/${id}`);
    if (usage.acknowledged) acknowledged += 1;
    if (read.status === 200) {
      used += (read.body as { quantityUsed: number }).quantityUsed;
      if (usage.acknowledged) found += 1;
      else unansweredDone += 1;
    } else if (usage.acknowledged) problems.push(`usage ${id}: read ${read.status}`);
  }
  const events = await stockEvents(owner, family.supplyId);
  let received = 0;
  for (const [id, receipt] of family.receipts) {
    if (receipt.acknowledged) acknowledged += 1;
    const event = events.get(id);
    if (event) {
      received += event.quantity ?? 0;
      if (receipt.acknowledged) found += 1;
      else unansweredDone += 1;
    } else if (receipt.acknowledged) problems.push(`delivery ${id}: not in the supply's history`);
  }
  const supply = await owner.must<{ currentStock: number }>("GET", `/api/tpn-supplies/${family.supplyId}`);
  const expected = FIRST_STOCK + received - used;
  if (supply.currentStock !== expected)
    problems.push(
      `stock ${supply.currentStock}, expected ${FIRST_STOCK} + ${received} - ${used} = ${expected}`,
    );
  return { problems, acknowledged, found, unansweredDone, stockExact: supply.currentStock === expected };
}

async function run(kind: DatabaseKind) {
  const place = await makeDataPlace(kind);
  const server = await startServer(place);
  try {
    console.log(`${kind}: ${FAMILIES} families of ${PEOPLE} people signing up...`);
    const families: FamilyState[] = [];
    for (let n = 0; n < FAMILIES; n += 1) {
      const people = await makeFamily(server.base, n, PEOPLE);
      const owner = people[0]!;
      const child = await owner.must<{ id: string }>("POST", "/api/children", { name: `Sam ${n}` });
      const supply = await owner.must<{ id: string }>("POST", "/api/tpn-supplies", {
        name: "0.2 micron filter",
        category: "filters",
        unit: "each",
        currentStock: FIRST_STOCK,
      });
      families.push({
        people,
        childId: child.id,
        supplyId: supply.id,
        notes: new Map(),
        vitals: new Set(),
        usage: new Map(),
        receipts: new Map(),
      });
    }
    const loadAtStart = machineLoad();
    console.log(`${kind}: ${FAMILIES * PEOPLE} people for ${SECONDS} s (${loadAtStart})...`);
    const figures: Figures = {
      requests: 0,
      errors: 0,
      latencies: [],
      errorKinds: new Map(),
      byKind: new Map(),
    };
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      families.flatMap((family) => family.people.map((_, i) => personLoop(family, i, deadline, figures))),
    );
    const elapsed = (performance.now() - started) / 1000;
    const loadAtEnd = machineLoad();
    const checks = [];
    for (const family of families) checks.push(await check(family));
    const sorted = figures.latencies.sort((a, b) => a - b);
    const problems = checks.flatMap((c) => c.problems);
    return {
      row: {
        database: kind === "pglite" ? "embedded (PGlite)" : "PostgreSQL",
        people: FAMILIES * PEOPLE,
        seconds: Math.round(elapsed),
        requests: figures.requests,
        "requests/s": Math.round(figures.requests / elapsed),
        "p50 ms": Math.round(percentile(sorted, 50)),
        "p99 ms": Math.round(percentile(sorted, 99)),
        errors: figures.errors,
        "writes acknowledged": checks.reduce((s, c) => s + c.acknowledged, 0),
        found: checks.reduce((s, c) => s + c.found, 0),
        "stock exact": `${checks.filter((c) => c.stockExact).length}/${checks.length}`,
        "unanswered, done": checks.reduce((s, c) => s + c.unansweredDone, 0),
      },
      load: `${loadAtStart} at the start, ${loadAtEnd} at the end`,
      errorKinds: [...figures.errorKinds].map(([k, v]) => `${k} ×${v}`),
      kinds: [...figures.byKind].map(([k, times]) => {
        const sorted = times.sort((a, b) => a - b);
        return `${k}: ${times.length}, p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(percentile(sorted, 99))} ms`;
      }),
      problems,
    };
  } finally {
    await server.stop();
    await place.drop();
  }
}

async function main() {
  buildFirst();
  const command = `npm run proof:load -- ${process.argv.slice(2).join(" ")}`.trim();
  const results = [];
  for (const kind of databasesAsked()) results.push(await run(kind));
  console.log(`\n${command}\n${new Date().toISOString()}\n`);
  console.log(markdownTable(results.map((r) => r.row)));
  for (const r of results) {
    console.log(`\n${r.row.database}: ${r.load}`);
    if (r.errorKinds.length) console.log(`  errors: ${r.errorKinds.join("; ")}`);
    console.log(`  by kind: ${r.kinds.join("; ")}`);
    for (const p of r.problems.slice(0, 20)) console.log(`  PROBLEM ${p}`);
  }
  // Errors (a refusal, or no answer within 30 s) are figures; a write lost or a stock wrong fails.
  const failed = results.some((r) => r.problems.length > 0);
  console.log(failed ? "\nFAILED" : "\nEvery acknowledged write found; every stock exact.");
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
