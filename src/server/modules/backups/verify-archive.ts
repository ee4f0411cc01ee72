import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { createPglite } from "../../db/client";
import {
  BackupError,
  DATA_DIR_PART,
  type Manifest,
  OBJECT_PREFIX,
  type OpenArchive,
  openArchive,
  PG_DUMP_PART,
  tablePart,
} from "./backup-archive";
import { countRows } from "./database-dump";
import { type PgTools, runTool } from "./pg-tools";

/**
 * Checks an archive as a restore would read it: it opens, it holds exactly the parts its manifest
 * lists, each of the size and SHA-256 written there, and its database holds the rows the manifest
 * counted, table by table (the embedded database's copy is opened, pg_dump's read back through
 * pg_restore, the app's own dump counted line by line). Answers the manifest, or throws a
 * `BackupError` that says what is wrong.
 */
export async function verifyArchive(file: string, options: { pgTools: PgTools | null }): Promise<Manifest> {
  const archive = await openArchive(file);
  try {
    const { manifest } = archive;
    const listed = new Map(manifest.parts.map((part) => [part.name, part]));
    if (listed.size !== manifest.parts.length) throw broken(file, "its manifest lists a part twice");
    const seen = new Set<string>();
    for (const entry of archive.entries) {
      const part = listed.get(entry.fileName);
      if (!part) throw broken(file, `it holds ${entry.fileName}, which its manifest does not list`);
      if (seen.has(entry.fileName)) throw broken(file, `it holds ${entry.fileName} twice`);
      seen.add(entry.fileName);
      const { size, sha256 } = await digest(await archive.read(entry));
      if (size !== part.size || sha256 !== part.sha256) {
        throw broken(file, `${entry.fileName} is not what was written (its checksum differs)`);
      }
    }
    const missing = manifest.parts.find((part) => !seen.has(part.name));
    if (missing) throw broken(file, `${missing.name} is missing`);
    const objects = manifest.parts.filter((part) => part.name.startsWith(OBJECT_PREFIX)).length;
    if (objects !== manifest.objects) {
      throw broken(file, `it holds ${objects} stored files where its manifest says ${manifest.objects}`);
    }
    const counted = await countedRows(archive, options.pgTools);
    for (const [table, expected] of Object.entries(manifest.database.counts)) {
      const found = counted[table] ?? 0;
      if (found !== expected) {
        throw broken(
          file,
          `its database holds ${found} rows of ${table} where its manifest counted ${expected}`,
        );
      }
    }
    return manifest;
  } finally {
    archive.close();
  }
}

const broken = (file: string, why: string) => new BackupError(`The backup ${file} is damaged: ${why}.`);

/** A stream's size and SHA-256. */
export async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/** The part of the archive named `name`, as a stream. */
export async function readPart(archive: OpenArchive, name: string): Promise<Readable> {
  const entry = archive.entries.find((e) => e.fileName === name);
  if (!entry) throw new BackupError(`The backup has no ${name}`);
  return archive.read(entry);
}

/** A part read whole (the embedded database's data directory). */
export async function partBytes(archive: OpenArchive, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await readPart(archive, name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The rows each table holds in the archive's database, read from the dump itself. */
async function countedRows(archive: OpenArchive, pgTools: PgTools | null): Promise<Record<string, number>> {
  const { database } = archive.manifest;
  const tables = Object.keys(database.counts);
  if (database.dump === "tables") {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      let lines = 0;
      for await (const chunk of await readPart(archive, tablePart(table))) {
        for (const byte of chunk as Buffer) if (byte === 0x0a) lines += 1;
      }
      counts[table] = lines;
    }
    return counts;
  }
  if (database.dump === "pglite-data-dir") {
    // Opened in memory, as a restore would open it on disk.
    const copy = await createPglite(undefined, {
      loadDataDir: new Blob([new Uint8Array(await partBytes(archive, DATA_DIR_PART))]),
    });
    try {
      return await countRows({ rows: async (text) => (await copy.query(text)).rows as never }, tables);
    } finally {
      await copy.close();
    }
  }
  if (!pgTools) {
    throw new BackupError(
      "This backup was made with pg_dump: pg_restore (postgresql-client) is needed to read it",
    );
  }
  return pgDumpRowCounts(await readPart(archive, PG_DUMP_PART), pgTools);
}

/** pg_dump's archive read back by pg_restore as SQL: the rows of each table's COPY block, counted. */
async function pgDumpRowCounts(dump: Readable, tools: PgTools): Promise<Record<string, number>> {
  const run = runTool(tools.pgRestore, ["--data-only", "--file=-"], process.env);
  dump.pipe(run.child.stdin!);
  dump.once("error", (error) => run.child.stdin!.destroy(error));
  const counts: Record<string, number> = {};
  const counting = (async () => {
    let table: string | null = null;
    for await (const line of createInterface({
      input: run.child.stdout!,
      crlfDelay: Number.POSITIVE_INFINITY,
    })) {
      if (table === null) {
        const copy = /^COPY ([^ ]+) \(.*\) FROM stdin;$/.exec(line);
        if (!copy) continue;
        const [schemaName, name] = copy[1]!
          .split(".")
          .map((part) => part.replace(/^"|"$/g, "").replaceAll('""', '"'));
        table = schemaName === "public" && name ? name : "";
        if (table) counts[table] = 0;
      } else if (line === "\\.") table = null;
      else if (table) counts[table]! += 1;
    }
  })();
  await Promise.all([counting, run.done]);
  return counts;
}
