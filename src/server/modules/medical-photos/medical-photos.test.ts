import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { startS3Server } from "../../../../tests/helpers/s3-server";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { addDays, today } from "../../../domain/dates";

/** A real JPEG, 300 x 200 stored with orientation 6 (to be turned upright), with a GPS position in its EXIF. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 190, g: 60, b: 60 } } })
    .withExif({
      IFD0: { Make: "SecretCam" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

/** PUTs a file to an upload URL: this server's (through inject) or the bucket's (over HTTP). */
async function putFile(t: TestApp, user: TestUser, uploadURL: string, bytes: Buffer, type = "image/jpeg") {
  if (uploadURL.startsWith("/")) {
    const response = await t.app.inject({
      method: "PUT",
      url: uploadURL,
      headers: { cookie: user.cookie, "content-type": type },
      payload: bytes,
    });
    return { status: response.statusCode, body: response.body };
  }
  const response = await fetch(uploadURL, {
    method: "PUT",
    body: new Uint8Array(bytes),
    headers: { "content-type": type },
  });
  return { status: response.status, body: await response.text() };
}

/** The three steps: an upload URL, the PUT, the metadata call (with the URL as the uploader reports it). */
async function upload(t: TestApp, user: TestUser, bytes: Buffer, type = "image/jpeg") {
  const asked = await user.post("/api/objects/upload", { size: bytes.length });
  if (asked.statusCode !== 200) return { put: { status: asked.statusCode, body: asked.body }, uploadURL: "" };
  const { uploadURL } = asked.json() as { uploadURL: string };
  const put = await putFile(t, user, uploadURL, bytes, type);
  if (put.status >= 300) return { put, uploadURL };
  const metadata = await user.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] });
  return { put, metadata, uploadURL };
}

const photoBody = (photoUrl: string, extra: Record<string, unknown> = {}) => ({
  title: "Exit site, day 3",
  category: "wound",
  severity: "mild",
  dateTaken: "2026-11-20",
  photoUrl,
  ...extra,
});

const drivers = [
  { name: "local disk", start: async () => ({ env: {}, close: async () => {} }) },
  { name: "S3", start: () => startS3Server() },
];

describe.each(drivers)("medical photos on $name storage", ({ start }) => {
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

  it("uploads, checks and re-encodes a photo, and serves it to its owner only, without its GPS position", async () => {
    const user = await signUp(t.app);
    const original = await cameraPhoto();
    expect(original.includes(GPS_IFD_POINTER)).toBe(true);
    const { metadata } = await upload(t, user, original);
    expect(metadata?.statusCode).toBe(200);
    const { objectPath } = metadata!.json();
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);

    const served = await user.get(objectPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toBe("private, max-age=86400");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const image = await sharp(served.rawPayload).metadata();
    // Turned upright, and no metadata left: no EXIF at all, so no GPS and no camera.
    expect([image.width, image.height]).toEqual([200, 300]);
    expect(image.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("SecretCam"))).toBe(false);
    const thumbnail = await user.get(`${objectPath}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe("jpeg");

    const photo = await user.post(
      "/api/medical-photos",
      photoBody(objectPath, { tags: "left arm, dressing" }),
    );
    expect(photo.statusCode).toBe(201);
    expect(photo.json()).toMatchObject({
      photoUrl: objectPath,
      isPrivate: 1,
      tags: ["left arm", "dressing"],
    });
    expect(await filesOf(user)).toHaveLength(2);

    const other = await signUp(t.app);
    expect((await other.get(objectPath)).statusCode).toBe(404);
    expect((await other.get(`${objectPath}/thumbnail`)).statusCode).toBe(404);
    expect((await other.get(`/api/medical-photos/${photo.json().id}`)).statusCode).toBe(404);
    expect((await other.post("/api/medical-photos", photoBody(objectPath))).statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: "GET", url: objectPath });
    expect(signedOut.statusCode).toBe(404);
    expect(signedOut.body).not.toContain("image");

    // An upload serves one photo record only.
    const again = await user.post("/api/medical-photos", photoBody(objectPath));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: "Please upload a photo first." });

    expect((await user.delete(`/api/medical-photos/${photo.json().id}`)).statusCode).toBe(204);
    expect(await filesOf(user)).toEqual([]);
    expect((await user.get(objectPath)).statusCode).toBe(404);
  });

  it.each([
    ["a text file", () => Buffer.from("just some text, not a photo"), "text/plain"],
    [
      "an SVG with a script",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "image/svg+xml",
    ],
    ["an HTML file named .png", () => Buffer.from("<!doctype html><script>alert(1)</script>"), "image/png"],
  ])("refuses %s and keeps nothing of it", async (_name, bytes, type) => {
    const user = await signUp(t.app);
    const { put, metadata } = await upload(t, user, bytes(), type);
    expect(put.status).toBe(200);
    expect(metadata?.statusCode).toBe(415);
    expect(metadata?.json()).toEqual({
      message: "This file is not a photo. Upload a JPEG, PNG, WebP, GIF or HEIC image.",
    });
    expect(await filesOf(user)).toEqual([]);
  });

  it("refuses an 11 MB image and keeps nothing of it", async () => {
    const user = await signUp(t.app);
    const big = Buffer.concat([await cameraPhoto(), randomBytes(11 * 1024 * 1024)]);
    const { put, metadata } = await upload(t, user, big);
    const refusal = put.status >= 300 ? put.status : metadata?.statusCode;
    expect(refusal).toBe(413);
    expect(await filesOf(user)).toEqual([]);
  });

  it("removes a child's photos and their files with the child, and every file with the account", async () => {
    const user = await signUp(t.app);
    const childId = await addChild(user, "Sam");
    for (const extra of [{ childId }, {}]) {
      const { metadata } = await upload(t, user, await cameraPhoto());
      expect(
        (await user.post("/api/medical-photos", photoBody(metadata!.json().objectPath, extra))).statusCode,
      ).toBe(201);
    }
    expect(await filesOf(user)).toHaveLength(4);
    expect((await user.delete(`/api/children/${childId}`)).statusCode).toBe(204);
    expect((await user.get("/api/medical-photos")).json()).toHaveLength(1);
    expect(await filesOf(user)).toHaveLength(2);
    expect((await user.delete("/api/account/user")).statusCode).toBe(200);
    expect(await filesOf(user)).toEqual([]);
  });
});

describe("upload URLs on this server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("work once, for the user who asked, until they expire, and not when altered", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const photo = await cameraPhoto();
    const uploadURL = (await user.post("/api/objects/upload", { size: photo.length })).json()
      .uploadURL as string;
    const url = new URL(uploadURL, "http://x");

    const tampered = `${url.pathname}?expires=${url.searchParams.get("expires")}&signature=${"A".repeat(43)}`;
    expect((await putFile(t, user, tampered, photo)).status).toBe(403);
    const later = `${url.pathname}?expires=${Number(url.searchParams.get("expires")) + 600}&signature=${url.searchParams.get("signature")}`;
    expect((await putFile(t, user, later, photo)).status).toBe(403);
    const byOther = await putFile(t, other, uploadURL, photo);
    expect(byOther.status).toBe(403);
    const signedOut = await t.app.inject({
      method: "PUT",
      url: uploadURL,
      payload: photo,
      headers: { "content-type": "image/jpeg" },
    });
    expect(signedOut.statusCode).toBe(401);

    expect((await putFile(t, user, uploadURL, photo)).status).toBe(200);
    const twice = await putFile(t, user, uploadURL, photo);
    expect(twice.status).toBe(409);
    expect(JSON.parse(twice.body)).toEqual({ message: "This upload link has already been used." });
  });

  it("refuses an expired one with 'Request has expired'", async () => {
    const user = await signUp(t.app);
    const photo = await cameraPhoto();
    const uploadURL = (await user.post("/api/objects/upload", { size: photo.length })).json()
      .uploadURL as string;
    const realNow = Date.now;
    Date.now = () => realNow() + 6 * 60 * 1000;
    try {
      const expired = await putFile(t, user, uploadURL, photo);
      expect(expired.status).toBe(403);
      expect(JSON.parse(expired.body)).toEqual({ message: "Request has expired" });
    } finally {
      Date.now = realNow;
    }
  });

  it("refuses a photo dated in the future or before 1900 (400 on dateTaken)", async () => {
    const user = await signUp(t.app);
    const photoUrl = `/objects/uploads/${randomUUID()}`;
    const ahead = await user.post(
      "/api/medical-photos",
      photoBody(photoUrl, { dateTaken: addDays(today(), 7) }),
    );
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().issues).toEqual([
      { path: "dateTaken", message: "Date taken cannot be in the future" },
    ]);
    const ancient = await user.post("/api/medical-photos", photoBody(photoUrl, { dateTaken: "1899-12-31" }));
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().issues).toEqual([
      { path: "dateTaken", message: "Date taken cannot be before 1900" },
    ]);
    expect((await user.get("/api/medical-photos")).json()).toEqual([]);
  });

  it("lists photos by category on the server", async () => {
    const user = await signUp(t.app);
    for (const category of ["wound", "rash", "wound"]) {
      const { metadata } = await upload(t, user, await cameraPhoto());
      await user.post("/api/medical-photos", photoBody(metadata!.json().objectPath, { category }));
    }
    expect((await user.get("/api/medical-photos?category=wound")).json()).toHaveLength(2);
    expect((await user.get("/api/medical-photos?category=rash")).json()).toHaveLength(1);
    expect((await user.get("/api/medical-photos")).json()).toHaveLength(3);
    expect((await user.get("/api/medical-photos?category=burn")).statusCode).toBe(400);
    const missing = await user.post("/api/medical-photos", photoBody(""));
    expect(missing.json().issues).toEqual([{ path: "photoUrl", message: "Please upload a photo first." }]);
  });
});
