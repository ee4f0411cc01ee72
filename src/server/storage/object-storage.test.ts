import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../../tests/helpers/s3-server";
import { loadConfig } from "../config";
import { createStorage } from "./create-storage";
import { createLocalDiskStorage } from "./local-disk-storage";
import { deleteOwnerObjects, ObjectNotFoundError, type ObjectStorage } from "./object-storage";

const owner = "7a0c2c56-8a51-4a0e-9d1b-2f7d6f1f6a11";
const other = "0b6f1f3e-3c8e-4f57-8a0e-4cf5d0a3b9e2";

const drivers = [
  { name: "local disk", start: async () => ({ env: {}, close: async () => {} }) },
  { name: "S3", start: () => startS3Server() },
];

describe.each(drivers)("$name storage", ({ start }) => {
  let storage: ObjectStorage;
  let server: Awaited<ReturnType<(typeof drivers)[number]["start"]>>;
  beforeAll(async () => {
    server = await start();
    storage = createStorage(
      loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "mct-objects-")), ...server.env }),
    );
  });
  afterAll(() => server.close());

  it("stores, reads, lists and deletes an owner's objects", async () => {
    await storage.put(`${owner}/a1`, Buffer.from("first photo"), { contentType: "image/jpeg" });
    await storage.put(`${owner}/a1.thumb`, Readable.from([Buffer.from("small")]));
    await storage.put(`${other}/b1`, Buffer.from("someone else's"));
    expect(await text(await storage.read(`${owner}/a1`))).toBe("first photo");
    expect(await storage.list(`${owner}/`)).toEqual([`${owner}/a1`, `${owner}/a1.thumb`]);
    const entries = await storage.listEntries(`${owner}/`);
    expect(entries.map((e) => e.key)).toEqual([`${owner}/a1`, `${owner}/a1.thumb`]);
    for (const { modifiedAt } of entries) {
      expect(Math.abs(modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }

    await deleteOwnerObjects(storage, owner);
    expect(await storage.list(`${owner}/`)).toEqual([]);
    expect(await storage.list(`${other}/`)).toEqual([`${other}/b1`]);
    await expect(storage.read(`${owner}/a1`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    // Deleting what is not there is not an error.
    await storage.delete(`${owner}/a1`);
  });
});

describe("S3 storage's upload URLs", () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let storage: ObjectStorage;
  beforeAll(async () => {
    server = await startS3Server();
    storage = createStorage(
      loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "mct-objects-")), ...server.env }),
    );
  });
  afterAll(() => server.close());

  it("take exactly the size they were made for, and the bucket refuses any other", async () => {
    const key = `${owner}/c1.upload`;
    const url = await storage.directUploadUrl(key, new Date(Date.now() + 60_000), { contentLength: 1000 });
    const put = (size: number) =>
      fetch(url!, { method: "PUT", body: new Uint8Array(size), headers: { "content-type": "image/jpeg" } });
    expect((await put(1001)).status).toBe(403);
    expect((await put(5 * 1024 * 1024)).status).toBe(403);
    expect(await storage.list(`${owner}/`)).toEqual([]);
    expect((await put(1000)).status).toBe(200);
    expect(await storage.list(`${owner}/`)).toEqual([key]);
  });
});

describe("local disk storage", () => {
  it("keeps files owner-only on disk", async () => {
    const root = join(mkdtempSync(join(tmpdir(), "mct-objects-")), "objects");
    const storage = createLocalDiskStorage(root);
    await storage.put(`${owner}/a1`, Buffer.from("first photo"));
    expect((statSync(join(root, owner)).mode & 0o777).toString(8)).toBe("700");
    expect((statSync(join(root, owner, "a1")).mode & 0o777).toString(8)).toBe("600");
    expect(await storage.directUploadUrl(`${owner}/a1`, new Date(), { contentLength: 10 })).toBeNull();
  });

  it("refuses keys that would leave its folder", async () => {
    const storage = createLocalDiskStorage(mkdtempSync(join(tmpdir(), "mct-objects-")));
    for (const key of ["../outside", "/etc/passwd", `${owner}/../../x`, ""]) {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow("Invalid object key");
    }
  });
});
