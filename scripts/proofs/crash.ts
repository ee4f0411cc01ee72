/**
 * `npm run proof:crash`: the built server killed with SIGKILL (kill -9) in the middle of a stream
 * of writes, again and again, on the embedded database and on PostgreSQL (docs/security.md,
 * "Proofs").
 *
 * One family, one data place (a DATA_DIR, or a PostgreSQL database) kept for every round. Each
 * round starts the server on it, which must open the database cleanly (answer within two minutes,
 * nothing but warnings in its log), and reads back every write acknowledged before: a note, a
 * vital, a supply's usage (each sent with the id its device made). Then 8 writers send writes as
 * fast as they are answered, and after a random number of acknowledged writes (20 to 200) the
 * server is killed, its requests in flight unanswered. After the last round: every acknowledged
 * write of every round is there (0 lost), and the supply's stock is exactly the first stock less
 * the usage the server holds (an unanswered write may have been done or not; either way the
 * stock agrees with it).
 *   npm run proof:crash [-- --rounds 10] [-- --databases pglite,postgresql]
 * Exits 1 when a check fails.
 */
import { randomUUID } from "node:crypto";
import { freePort } from "../served-app";
import {
  argument,
  buildFirst,
  type DatabaseKind,
  databasesAsked,
  machineLoad,
  makeDataPlace,
  markdownTable,
  type Person,
  type Server,
  signUp,
  startServer,
  today,
} from "./common";

const ROUNDS = Number(argument("--rounds", "10"));
const WRITERS = 8;
const FIRST_STOCK = 900_000;

interface Write {
  kind: "note" | "vital" | "usage";
  id: string;
  quantity: number;
  acknowledged: boolean;
  round: number;
}

async function writeStream(
  person: Person,
  childId: string,
  supplyId: string,
  round: number,
  writes: Write[],
) {
  const killAfter = 20 + Math.floor(Math.random() * 181);
  let acknowledged = 0;
  let serial = 0;
  let killed = false;
  let resolveKill: () => void = () => {};
  const killNow = new Promise<void>((resolve) => {
    resolveKill = resolve;
  });
  const writer = async () => {
    while (!killed) {
      serial += 1;
      const id = randomUUID();
      const kind = (["note", "vital", "usage"] as const)[serial % 3]!;
      const write: Write = { kind, id, quantity: 1 + (serial % 4), acknowledged: false, round };
      writes.push(write);
      const [path, body] =
        kind === "note"
          ? ["/api/notes", { id, childId, title: "Night", content: `Round ${round}, write ${serial}` }]
          : kind === "vital"
            ? ["/api/vitals", { id, childId, date: today(), kind: "weight", value: 14 + (serial % 30) / 10 }]
            : ["/api/supply-usage", { id, supplyId, quantityUsed: write.quantity, usageDate: today() }];
      try {
        const answer = await person.send("POST", path, body, 10_000);
        if (answer.status === 201) {
          write.acknowledged = true;
          acknowledged += 1;
          if (acknowledged >= killAfter) resolveKill();
        } else if (!killed) {
          throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const running = Array.from({ length: WRITERS }, writer);
  return {
    killNow,
    stopped: async () => {
      killed = true;
      await Promise.allSettled(running);
    },
    failure: Promise.race(running).catch((error: Error) => error),
  };
}

/** Reads every write back: the acknowledged ones must be there; answers the usage found. */
async function readBack(person: Person, writes: Write[]) {
  const lost: string[] = [];
  let used = 0;
  let unansweredDone = 0;
  for (const write of writes) {
    const path = { note: "/api/notes", vital: "/api/vitals", usage: "/api/supply-usage" }[write.kind];
    const read = await person.send("GET", `${path}/${write.id}`);
    if (read.status === 200) {
      if (!write.acknowledged) unansweredDone += 1;
      if (write.kind === "usage") used += (read.body as { quantityUsed: number }).quantityUsed;
    } else if (write.acknowledged) {
      lost.push(`${write.kind} ${write.id} of round ${write.round}: ${read.status}`);
    } else if (read.status !== 404) {
      lost.push(`${write.kind} ${write.id} (unanswered) reads ${read.status}`);
    }
  }
  return { lost, used, unansweredDone };
}

async function run(kind: DatabaseKind) {
  const place = await makeDataPlace(kind);
  const port = await freePort();
  let server: Server | undefined;
  const writes: Write[] = [];
  const problems: string[] = [];
  const starts: number[] = [];
  try {
    server = await startServer(place, port);
    const person = await signUp(server.base, "Maria");
    const child = await person.must<{ id: string }>("POST", "/api/children", { name: "Sam" });
    const supply = await person.must<{ id: string }>("POST", "/api/tpn-supplies", {
      name: "Extension sets",
      category: "tubing",
      unit: "each",
      currentStock: FIRST_STOCK,
    });
    for (let round = 1; round <= ROUNDS; round += 1) {
      const stream = await writeStream(person, child.id, supply.id, round, writes);
      const outcome = await Promise.race([stream.killNow.then(() => "kill"), stream.failure]);
      if (outcome instanceof Error) {
        problems.push(`round ${round}: a write was refused before the kill: ${outcome.message}`);
      }
      // kill -9: no shutdown, no closing of the database; requests in flight get no answer.
      server.child.kill("SIGKILL");
      await new Promise((resolve) => server!.child.once("exit", resolve));
      await stream.stopped();
      const started = performance.now();
      server = await startServer(place, port);
      starts.push(performance.now() - started);
      // The same port: the same person, with the same cookies, goes on.
      const opened = server
        .log()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line));
      if (opened.length)
        problems.push(`round ${round}: the server logged on starting again: ${opened.join(" ")}`);
      const since = writes.filter((w) => w.round === round);
      const { lost } = await readBack(person, since);
      problems.push(...lost.map((l) => `after round ${round}: lost ${l}`));
      process.stdout.write(
        `${kind} round ${round}: ${since.filter((w) => w.acknowledged).length} acknowledged, ${lost.length} lost\n`,
      );
    }
    const { lost, used, unansweredDone } = await readBack(person, writes);
    problems.push(...lost.map((l) => `at the end: lost ${l}`));
    const stock = (await person.must<{ currentStock: number }>("GET", `/api/tpn-supplies/${supply.id}`))
      .currentStock;
    if (stock !== FIRST_STOCK - used)
      problems.push(`stock ${stock}, expected ${FIRST_STOCK} - ${used} = ${FIRST_STOCK - used}`);
    const acknowledged = writes.filter((w) => w.acknowledged).length;
    return {
      row: {
        database: kind === "pglite" ? "embedded (PGlite)" : "PostgreSQL",
        rounds: ROUNDS,
        "writes acknowledged": acknowledged,
        lost: lost.length,
        "unanswered at the kill": writes.length - acknowledged,
        "of which done": unansweredDone,
        "stock exact": stock === FIRST_STOCK - used ? "yes" : "no",
        "slowest start s": (Math.max(...starts) / 1000).toFixed(1),
      },
      problems,
    };
  } finally {
    await server?.stop();
    await place.drop();
  }
}

async function main() {
  buildFirst();
  const command = `npm run proof:crash -- ${process.argv.slice(2).join(" ")}`.trim();
  const loadAtStart = machineLoad();
  const results = [];
  for (const kind of databasesAsked()) results.push(await run(kind));
  console.log(
    `\n${command}\n${new Date().toISOString()}\n${loadAtStart} at the start, ${machineLoad()} at the end\n`,
  );
  console.log(markdownTable(results.map((r) => r.row)));
  for (const r of results)
    for (const p of r.problems.slice(0, 20)) console.log(`  PROBLEM ${r.row.database}: ${p}`);
  const failed = results.some((r) => r.problems.length > 0);
  console.log(failed ? "\nFAILED" : "\n0 acknowledged writes lost; the database opened cleanly every time.");
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
