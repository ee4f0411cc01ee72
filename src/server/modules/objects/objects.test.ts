import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../../../tests/helpers/s3-server";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { MAX_PHOTO_BYTES } from "../../../domain/photos";
import { formatByteSize } from "../../../domain/storage";
import { assertWithinQuota, storageUsage } from "./objects.queries";
import { sweepUploads } from "./upload-sweep";

const MINUTE = 60_000;

/** A small real JPEG (a few kilobytes). */
const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();

/** PUTs bytes to an upload URL: this server's (through inject) or the bucket's (over HTTP). */
async function putFile(t: TestApp, user: TestUser, uploadURL: string, bytes: Buffer) {
  if (uploadURL.startsWith("/")) {
    const response = await t.app.inject({
      method: "PUT",
      url: uploadURL,
      headers: { cookie: user.cookie, "content-type": "image/jpeg" },
      payload: bytes,
    });
    return { status: response.statusCode, body: response.body };
  }
  const response = await fetch(uploadURL, {
    method: "PUT",
    body: new Uint8Array(bytes),
    headers: { "content-type": "image/jpeg" },
  });
  return { status: response.status, body: await response.text() };
}

const askForUrl = (user: TestUser, size: number) => user.post("/api/objects/upload", { size });

const rowsOf = async (t: TestApp, user: TestUser) =>
  queryRows(t.database, sql`select id from stored_objects where family_id = ${user.familyId}`);

const drivers = [
  { name: "local disk", start: async () => ({ env: {}, close: async () => {} }) },
  { name: "S3", start: () => startS3Server() },
];

describe.each(drivers)("uploads on $name storage", ({ start }) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<(typeof drivers)[number]["start"]>>;
  beforeAll(async () => {
    s3 = await start();
    t = await buildTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });
  const filesOf = (user: TestUser) => t.storage.list(`${user.familyId}/`);
  const sweep = (now: Date) => sweepUploads({ db: t.database.db, storage: t.storage }, now);

  it("gives no upload URL for a file declared over 10 MB", async () => {
    const user = await signUp(t.app);
    const refused = await askForUrl(user, MAX_PHOTO_BYTES + 1);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: "The photo is larger than 10 MB. Choose a smaller one." });
    expect(await rowsOf(t, user)).toEqual([]);
  });

  it("has the storage itself refuse a body larger than the size declared for the URL", async () => {
    const user = await signUp(t.app);
    const { uploadURL } = (await askForUrl(user, 1000)).json();
    const big = await putFile(t, user, uploadURL, Buffer.alloc(11 * 1024 * 1024, 7));
    // S3 refuses a request that does not match its signature; this server, a body over the size.
    const refusal = uploadURL.startsWith("/") ? 413 : 403;
    expect(big.status).toBe(refusal);
    expect(await filesOf(user)).toEqual([]);
    // Even at the 10 MB limit, the URL takes only the declared size.
    const { uploadURL: limitUrl } = (await askForUrl(user, MAX_PHOTO_BYTES)).json();
    expect((await putFile(t, user, limitUrl, Buffer.alloc(MAX_PHOTO_BYTES + 1, 7))).status).toBe(refusal);
    expect(await filesOf(user)).toEqual([]);
  });

  it("gives the spec's call without a size a URL for up to 10 MB, counting 10 MB until the photo is checked", async () => {
    const user = await signUp(t.app);
    const usedBytes = async () => (await user.get("/api/account/storage")).json().usedBytes;
    // Spec section 7 sends no body at all; an empty object is the same request.
    const noBody = await t.app.inject({
      method: "POST",
      url: "/api/objects/upload",
      headers: { cookie: user.cookie },
    });
    expect(noBody.statusCode).toBe(200);
    const empty = await user.post("/api/objects/upload", {});
    expect(empty.statusCode).toBe(200);
    expect(await usedBytes()).toBe(2 * MAX_PHOTO_BYTES);

    // The URL takes no more than 10 MB, whatever the store.
    const tooBig = await putFile(t, user, noBody.json().uploadURL, Buffer.alloc(MAX_PHOTO_BYTES + 1, 7));
    expect(tooBig.status).toBe(413);
    expect(await filesOf(user)).toEqual([]);

    const bytes = await photo();
    const { uploadURL } = empty.json();
    expect((await putFile(t, user, uploadURL, bytes)).status).toBe(200);
    const checked = await user.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] });
    expect(checked.statusCode).toBe(200);
    const [row] = await queryRows(
      t.database,
      sql`select size_bytes from stored_objects where object_path = ${checked.json().objectPath}`,
    );
    // Once checked, the photo counts its real size; the unused URL still holds its 10 MB.
    expect(await usedBytes()).toBe(Number(row?.size_bytes) + MAX_PHOTO_BYTES);
  });

  it("lets a URL serve one upload: a second one is refused at the check and leaves nothing", async () => {
    const user = await signUp(t.app);
    const text = Buffer.from("just some text, not a photo");
    const { uploadURL } = (await askForUrl(user, text.length)).json();
    expect((await putFile(t, user, uploadURL, text)).status).toBe(200);
    const photoUrl = uploadURL.split("?")[0];
    expect((await user.put("/api/objects/metadata", { photoUrl })).statusCode).toBe(415);
    expect(await filesOf(user)).toEqual([]);

    // The bucket may take the same bytes again while its URL lasts; the check does not.
    await putFile(t, user, uploadURL, text);
    const again = await user.put("/api/objects/metadata", { photoUrl });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This upload link has already been used." });
    await sweep(new Date(Date.now() + 60 * MINUTE));
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(t, user)).toEqual([]);
  });

  it("sweeps a second upload to a URL whose photo was already checked, keeping the photo", async () => {
    const user = await signUp(t.app);
    const bytes = await photo();
    const { uploadURL } = (await askForUrl(user, bytes.length)).json();
    expect((await putFile(t, user, uploadURL, bytes)).status).toBe(200);
    const metadata = await user.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] });
    expect(metadata.statusCode).toBe(200);
    expect(await filesOf(user)).toHaveLength(2);

    await putFile(t, user, uploadURL, bytes);
    await sweep(new Date());
    expect(await filesOf(user)).toHaveLength(2);
    const served = await user.get(metadata.json().objectPath);
    expect(served.statusCode).toBe(200);
  });

  it("removes an upload never checked within an hour, and keeps one whose URL is still young", async () => {
    const user = await signUp(t.app);
    const bytes = await photo();
    const { uploadURL } = (await askForUrl(user, bytes.length)).json();
    expect((await putFile(t, user, uploadURL, bytes)).status).toBe(200);

    await sweep(new Date(Date.now() + MINUTE));
    expect(await filesOf(user)).toHaveLength(1);
    expect(await rowsOf(t, user)).toHaveLength(1);

    await sweep(new Date(Date.now() + 60 * MINUTE));
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(t, user)).toEqual([]);
  });

  it("removes files that have no stored object, and no other account's files", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const bytes = await photo();
    const { uploadURL } = (await askForUrl(other, bytes.length)).json();
    expect((await putFile(t, other, uploadURL, bytes)).status).toBe(200);
    expect((await other.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] })).statusCode).toBe(
      200,
    );

    const stray = randomUUID();
    await t.storage.put(`${user.familyId}/${stray}`, Buffer.alloc(5000, 1));
    await t.storage.put(`${user.familyId}/${stray}.upload`, Buffer.alloc(5000, 1));
    // Left a while first: a restore writes its files before it records them.
    await sweep(new Date());
    expect(await filesOf(user)).toHaveLength(2);
    await sweep(new Date(Date.now() + 61 * MINUTE));
    expect(await filesOf(user)).toEqual([]);
    expect(await filesOf(other)).toHaveLength(2);
  });
});

describe("upload limits and the storage quota", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STORAGE_QUOTA_MB: "1" });
  });
  afterAll(() => t.close());

  it("lets at most 3 uploads wait for their check at a time (429 with Retry-After)", async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await askForUrl(user, 1000)).statusCode).toBe(200);
    const refused = await askForUrl(user, 1000);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: "Too many photo uploads are waiting to finish. Please wait 5 minutes and try again.",
    });
    // Another account is not held back.
    expect((await askForUrl(await signUp(t.app), 1000)).statusCode).toBe(200);
  });

  it("gives at most 30 upload URLs an hour to an account (429 with Retry-After)", async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 30; i++) {
      const { uploadURL } = (await askForUrl(user, 1000)).json();
      // Checked before anything arrived: refused, so it no longer waits.
      const metadata = await user.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] });
      expect(metadata.statusCode).toBe(400);
    }
    const refused = await askForUrl(user, 1000);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(refused.json()).toEqual({
      message: "Too many photo uploads in the last hour. Please wait 60 minutes and try again.",
    });
  });

  it("counts finished photos and waiting uploads against the quota, before any URL and at the check", async () => {
    const user = await signUp(t.app);
    expect((await user.get("/api/account/storage")).json()).toEqual({ usedBytes: 0, quotaBytes: 1048576 });

    const bytes = await photo();
    const { uploadURL } = (await askForUrl(user, bytes.length)).json();
    expect((await user.get("/api/account/storage")).json()).toEqual({
      usedBytes: bytes.length,
      quotaBytes: 1048576,
    });
    const refused = await askForUrl(user, 1048576 - bytes.length + 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `There is not enough photo storage left for this photo. Photos use ${formatByteSize(bytes.length)} of 1 MB, and it needs ${formatByteSize(1048576 - bytes.length + 1)}. Delete photos you no longer need, or ask whoever runs this server for more space.`,
    });
    expect(await rowsOf(t, user)).toHaveLength(1);

    // Space taken between the URL and the check (a restored backup) is counted at the check.
    const taken = 1048576 - 100;
    await t.database.db.execute(
      sql`insert into stored_objects (id, family_id, object_path, storage_key, size_bytes, finalized_at, attached_at)
          values (${randomUUID()}, ${user.familyId}, ${`/objects/uploads/${randomUUID()}`}, ${`${user.familyId}/${randomUUID()}`}, ${taken}, now(), now())`,
    );
    expect((await putFile(t, user, uploadURL, bytes)).status).toBe(200);
    const late = await user.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^There is not enough photo storage left/);
    expect(await t.storage.list(`${user.familyId}/`)).toEqual([]);
    expect((await user.get("/api/account/storage")).json()).toEqual({
      usedBytes: taken + bytes.length,
      quotaBytes: 1048576,
    });
  });

  it("refuses a URL without a size when 10 MB would pass the quota", async () => {
    const user = await signUp(t.app);
    const refused = await user.post("/api/objects/upload", {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^There is not enough photo storage left for this photo\./);
    expect(await rowsOf(t, user)).toEqual([]);
  });

  it("answers 400 to a photoUrl that cannot be read as an address", async () => {
    const user = await signUp(t.app);
    for (const photoUrl of ["%", "/api/objects/upload/%E0%A4%A", "%zz"]) {
      const response = await user.put("/api/objects/metadata", { photoUrl });
      expect(response.statusCode, photoUrl).toBe(400);
      expect(response.json()).toEqual({ message: "This is not the address of an upload." });
    }
  });

  it("says how much is used through storageUsage and refuses more through assertWithinQuota", async () => {
    const user = await signUp(t.app);
    const bytes = await photo();
    const { uploadURL } = (await askForUrl(user, bytes.length)).json();
    await putFile(t, user, uploadURL, bytes);
    const { objectPath } = (
      await user.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] })
    ).json();
    const [row] = await queryRows(
      t.database,
      sql`select size_bytes from stored_objects where object_path = ${objectPath}`,
    );
    const size = Number(row?.size_bytes);
    expect(await storageUsage(t.database.db, user.familyId)).toBe(size);
    expect((await user.get("/api/account/storage")).json().usedBytes).toBe(size);

    await assertWithinQuota(t.database.db, user.familyId, 1048576 - size, 1048576);
    await expect(
      assertWithinQuota(t.database.db, user.familyId, 1048576 - size + 1, 1048576),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
