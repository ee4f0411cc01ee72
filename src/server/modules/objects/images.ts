import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { MAX_PHOTO_BYTES } from "../../../domain/photos";
import { HttpError } from "../../lib/errors";

/** What a photo may be, told by its bytes (never by its name or the type the browser claims). */
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/heic", "image/heif"]);
/** A photo this wide or tall is shrunk: more is more bytes, not more care information. */
const MAX_SIDE = 3000;
const THUMBNAIL_SIDE = 480;

export interface ProcessedPhoto {
  full: Buffer;
  thumbnail: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
}

export const photoTooLarge = () =>
  new HttpError(413, "The photo is larger than 10 MB. Choose a smaller one.");
const notAPhoto = () =>
  new HttpError(415, "This file is not a photo. Upload a JPEG, PNG, WebP, GIF or HEIC image.");

/**
 * Checks an upload is a real image by its content, then re-encodes it as JPEG: the orientation
 * the camera recorded is applied, and every piece of metadata (EXIF, GPS position, camera serial)
 * is left behind, as sharp writes none unless asked. Also makes the grid's thumbnail.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length > MAX_PHOTO_BYTES) throw photoTooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw notAPhoto();
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: 60_000_000 })
      .rotate()
      .flatten({ background: "#ffffff" });
    const full = await image
      .clone()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await image
      .clone()
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    return {
      full: full.data,
      thumbnail,
      contentType: "image/jpeg",
      width: full.info.width,
      height: full.info.height,
    };
  } catch {
    if (type.mime === "image/heic" || type.mime === "image/heif") {
      throw new HttpError(
        415,
        "This HEIC photo cannot be read on this server. On an iPhone, choose Settings > Camera > Formats > Most Compatible, or share the photo as JPEG.",
      );
    }
    throw new HttpError(415, "This image could not be read; it may be damaged. Try another photo.");
  }
}
