// Runs the built image as a family's server would, and checks what a self-hoster relies on:
//   node scripts/container/check-image.mjs <image> [DATABASE_URL]
// - the container turns healthy (its HEALTHCHECK, on /api/health) and its process is not root;
// - a person signs up, adds a child and logs a TPN entry;
// - a photo is uploaded and checked (sharp's native image library runs in the image);
// - every export format downloads (PDF, Word, Excel...: the server bundle holds their packages, and
//   the image keeps pdfkit and the PDF fonts, the only files of theirs read at run time);
// - after a restart of the container the entry is still there (the data volume, or PostgreSQL);
// - a backup made inside the running container (`node /app/dist/server/backup.js`: no npm there),
//   restored into a new container on a fresh volume (and, on PostgreSQL, an empty database), has
//   the entry and the photo.
// Containers run with podman's runc and the host's network (this machine's setup; see .ci/run).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const [image, databaseUrl] = process.argv.slice(2);
if (!image) throw new Error("usage: check-image.mjs <image> [DATABASE_URL]");
const kind = databaseUrl ? "PostgreSQL" : "the embedded database";
const port = String(41000 + Math.floor(Math.random() * 2000));
const name = `mct-check-${randomBytes(4).toString("hex")}`;
const volume = `${name}-data`;
const restoredVolume = `${name}-restored`;
const copies = mkdtempSync(join(tmpdir(), "mct-check-backup-"));
// On PostgreSQL, the restore goes into an empty database beside the first.
const restoredUrl = databaseUrl
  ? (() => {
      const url = new URL(databaseUrl);
      url.pathname = `${url.pathname}_restored`;
      return url.href;
    })()
  : undefined;
async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const origin = `http://127.0.0.1:${port}`;
// podman's default limits are above this machine's hard ones: the container gets the host's.
const limits = ["--ulimit", "nofile=20000:20000", "--ulimit", "nproc=20000:20000"];
// podman's own complaints (no systemd here for health-check timers) stay out of the output.
const podman = (...args) =>
  execFileSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
const started = Date.now();
const say = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

async function waitHealthy() {
  for (let i = 0; i < 120; i++) {
    // The image's own HEALTHCHECK, run now rather than at its next interval.
    try {
      podman("healthcheck", "run", name);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  throw new Error(`${name} did not turn healthy:\n${podman("logs", "--tail", "40", name)}`);
}

let cookie = "";
async function call(method, path, body) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { origin, cookie, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const setCookie = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (setCookie.length) cookie = [cookie, ...setCookie].filter(Boolean).join("; ");
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Starts the app's container on `data` (a volume) and the database at `url` (PostgreSQL), if any. */
function startContainer(data, url) {
  podman(
    "run",
    "-d",
    "--name",
    name,
    "--runtime",
    "runc",
    "--network",
    "host",
    ...limits,
    "-e",
    `PORT=${port}`,
    "-e",
    `PUBLIC_URL=${origin}`,
    "-e",
    "LOG_LEVEL=warn",
    ...(url ? ["-e", `DATABASE_URL=${url}`] : []),
    "-v",
    `${data}:/data`,
    image,
  );
}

/** The TPN entries the signed-in person reads. */
async function tpnEntries() {
  const entries = await call("GET", "/api/tpn");
  return Array.isArray(entries) ? entries : (entries.items ?? entries.records ?? []);
}

try {
  startContainer(volume, databaseUrl);
  await waitHealthy();
  say(`healthy on ${kind}`);
  const health = await (await fetch(`${origin}/api/health`)).json();
  if (health.status !== "ok") throw new Error(`/api/health: ${JSON.stringify(health)}`);

  const user = podman("exec", name, "node", "-e", "console.log(process.getuid() + ':' + process.getgid())");
  const owner = podman(
    "exec",
    name,
    "node",
    "-e",
    "const s=require('fs').statSync('/data');console.log(s.uid+':'+(s.mode&0o777).toString(8))",
  );
  if (user.startsWith("0:")) throw new Error(`the app runs as root (${user})`);
  if (owner !== `${user.split(":")[0]}:700`) throw new Error(`/data is ${owner}, not the app user's 700`);
  say(`runs as uid:gid ${user}; /data is ${owner}`);

  const email = `container-${randomBytes(4).toString("hex")}@example.org`;
  await call("POST", "/api/auth/register", {
    email,
    password: "correct horse battery staple",
    firstName: "Maria",
    lastName: "Lopez",
  });
  const child = await call("POST", "/api/children", { name: "Sofia", age: 4 });
  const entry = await call("POST", "/api/tpn", {
    childId: child.id,
    date: "2026-11-20",
    volume: "1200",
    calories: "850",
    duration: 12,
  });
  say(`signed up and logged TPN entry ${entry.id}`);

  // A 24 x 24 JPEG: the server reads it back, checks it is an image and makes its thumbnail.
  const photo = Buffer.from(
    "/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAYABgDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AACygAAAAAAP/9k=",
    "base64",
  );
  const { uploadURL } = await call("POST", "/api/objects/upload", { size: photo.length });
  const put = await fetch(new URL(uploadURL, origin), {
    method: "PUT",
    headers: { origin, cookie, "content-type": "image/jpeg" },
    body: photo,
  });
  if (!put.ok) throw new Error(`photo upload: ${put.status} ${await put.text()}`);
  const { objectPath } = await call("PUT", "/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] });
  say(`uploaded and checked a photo (${objectPath})`);

  for (const format of ["backup", "json", "csv", "excel", "pdf", "word", "fhir"]) {
    const response = await fetch(`${origin}/api/account/export?format=${format}`, { headers: { cookie } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || body.length < 100) {
      throw new Error(`export ${format}: ${response.status} ${body.toString("utf8", 0, 300)}`);
    }
  }
  say("downloaded the records in every export format");

  podman("restart", "--time", "20", name);
  await waitHealthy();
  cookie = "";
  await call("POST", "/api/auth/login", { email, password: "correct horse battery staple" });
  const list = await tpnEntries();
  if (!list.some((e) => e.id === entry.id && Number(e.volume) === 1200)) {
    throw new Error(`after the restart the entry is gone: ${JSON.stringify(list).slice(0, 300)}`);
  }
  say(`restarted; signed in again and found the entry on ${kind}`);

  // A backup now, made by the running server (the command reaches it through /data/server.sock).
  const made = podman("exec", name, "node", "/app/dist/server/backup.js");
  const archive = /mct-backup-\d{8}T\d{6}Z(?:-\d+)?\.zip/.exec(made)?.[0];
  if (!archive) throw new Error(`the backup command said: ${made}`);
  say(`made a backup in the container: ${made.split("\n").slice(1).join(" ")}`);
  podman("cp", `${name}:/data/backups/${archive}`, join(copies, archive));
  // Read by the app's user (uid 1000) in the restoring container.
  chmodSync(copies, 0o755);
  chmodSync(join(copies, archive), 0o644);
  podman("rm", "--force", "--time", "20", name);
  if (restoredUrl) await adminQuery(`create database "${new URL(restoredUrl).pathname.slice(1)}"`);
  // Restored by a container of its own on a fresh volume, before any server starts there.
  const restored = podman(
    "run",
    "--rm",
    "--runtime",
    "runc",
    "--network",
    "host",
    ...limits,
    ...(restoredUrl ? ["-e", `DATABASE_URL=${restoredUrl}`] : []),
    "-v",
    `${restoredVolume}:/data`,
    "-v",
    `${copies}:/backups:ro`,
    image,
    "node",
    "/app/dist/server/restore.js",
    `/backups/${archive}`,
  );
  say(`restored it on a fresh volume: ${restored.split("\n").at(-2)}`);
  startContainer(restoredVolume, restoredUrl);
  await waitHealthy();
  cookie = "";
  await call("POST", "/api/auth/login", { email, password: "correct horse battery staple" });
  if (!(await tpnEntries()).some((e) => e.id === entry.id && Number(e.volume) === 1200)) {
    throw new Error("the restored installation has no TPN entry");
  }
  const restoredPhoto = await fetch(`${origin}${objectPath}`, { headers: { cookie } });
  if (restoredPhoto.status !== 200) throw new Error(`the restored photo: ${restoredPhoto.status}`);
  say(
    `a new container on the restored ${databaseUrl ? "volume and database" : "volume"} has the entry and the photo`,
  );
} finally {
  for (const args of [
    ["rm", "--force", "--time", "5", name],
    ["volume", "rm", "--force", volume],
    ["volume", "rm", "--force", restoredVolume],
  ]) {
    try {
      podman(...args);
    } catch {}
  }
  rmSync(copies, { recursive: true, force: true });
  if (restoredUrl) {
    await adminQuery(
      `drop database if exists "${new URL(restoredUrl).pathname.slice(1)}" with (force)`,
    ).catch(() => {});
  }
}
