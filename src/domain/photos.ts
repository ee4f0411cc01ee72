import { z } from "zod";
import { commaList, oneOf, optionalId, optionalText, pastDate, requiredText, text } from "./fields";
import { childLinkField, dateOnly, nullableText, recordBase, textList, type Wire } from "./records";

export const PHOTO_CATEGORIES = ["wound", "rash", "bruising", "swelling", "surgical_site", "other"] as const;
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number];
export const PHOTO_SEVERITIES = ["mild", "moderate", "severe"] as const;
export type PhotoSeverity = (typeof PHOTO_SEVERITIES)[number];

/** How each category and severity reads on the forms, the cards and in the exports (spec section 3). */
export const PHOTO_CATEGORY_LABELS: Record<PhotoCategory, string> = {
  wound: "Wound",
  rash: "Rash",
  bruising: "Bruising",
  swelling: "Swelling",
  surgical_site: "Surgical Site",
  other: "Other",
};

export const PHOTO_SEVERITY_LABELS: Record<PhotoSeverity, string> = {
  mild: "Mild",
  moderate: "Moderate",
  severe: "Severe",
};

/** Spec section 9: one image of at most 10 MB (10485760 bytes). */
export const MAX_PHOTO_BYTES = 10_485_760;
/**
 * How long an upload URL stays usable: as long as the uploader waits for a stalled upload (spec
 * section 9: a socket timeout of 5 minutes). The browser asks for the URL just before it sends the
 * file, so a longer life only gives a leaked URL more time.
 */
export const UPLOAD_URL_MINUTES = 5;

/**
 * The uploader's settings (spec section 9). The photo uploader sends one file with a single PUT;
 * the multipart and companion settings apply to files far above the photo limit.
 */
export const UPLOADER_SETTINGS = {
  maxNumberOfFiles: 1,
  maxFileSize: MAX_PHOTO_BYTES,
  allowedFileTypes: ["image/*"],
  limit: 6,
  retryDelays: [0, 1000, 3000, 5000],
  multipartThreshold: 100 * 1024 * 1024,
  minPartSize: 5 * 1024 * 1024,
  maxParts: 10_000,
  companionRetries: 10,
  timeoutMs: 5 * 60 * 1000,
} as const;

/** Where a stored photo is served: `/objects/uploads/<id>`. */
export const OBJECT_PATH =
  /^\/objects\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The small version of a photo, for the grid. */
export const thumbnailPath = (photoUrl: string) => `${photoUrl}/thumbnail`;

/** Spec section 5: a photo must be uploaded first. */
export const UPLOAD_FIRST = "Please upload a photo first.";

export const medicalPhotoInput = z.object({
  childId: optionalId(),
  title: requiredText("Title"),
  description: optionalText(),
  category: oneOf("Category", PHOTO_CATEGORIES),
  severity: z
    .union([z.literal(""), z.null(), oneOf("Severity", PHOTO_SEVERITIES)])
    .optional()
    .transform((v) => (v ? v : null)),
  bodyLocation: optionalText(200),
  /** The object path the upload's metadata call returned. */
  photoUrl: text({ error: UPLOAD_FIRST }).regex(OBJECT_PATH, UPLOAD_FIRST),
  relatedCondition: optionalText(200),
  dateTaken: pastDate("Date taken"),
  /** Spec: tags are sent as an empty list if not a list. */
  tags: commaList(),
  /** 1 (private, the default) or 0. */
  isPrivate: z
    .union([z.literal(0), z.literal(1), z.boolean(), z.enum(["0", "1", "true", "false"])])
    .optional()
    .transform((v) => (v === undefined || v === 1 || v === true || v === "1" || v === "true" ? 1 : 0)),
  notes: optionalText(),
});
export type MedicalPhotoInput = z.input<typeof medicalPhotoInput>;

export const medicalPhotoRecord = z.object({
  ...recordBase,
  ...childLinkField,
  title: z.string(),
  description: nullableText,
  category: z.enum(PHOTO_CATEGORIES),
  severity: z.enum(PHOTO_SEVERITIES).nullable(),
  bodyLocation: nullableText,
  photoUrl: z.string(),
  relatedCondition: nullableText,
  dateTaken: dateOnly,
  tags: textList,
  isPrivate: z.number().int(),
  uploadedBy: nullableText,
  notes: nullableText,
});
export type MedicalPhoto = Wire<typeof medicalPhotoRecord>;

/**
 * `POST /api/objects/upload`: the size of the file about to be sent, in bytes. The URL takes no
 * more than that (a larger photo than 10 MB gets no URL), and it counts against the storage quota
 * until the upload is checked. Spec section 7 sends the call with no body: without a size, the URL
 * takes up to MAX_PHOTO_BYTES and counts that much until the check.
 */
export const uploadUrlInput = z.object({
  size: z
    .number({ error: "Give the photo's size in bytes" })
    .int("Give the photo's size in bytes")
    .positive("The photo is empty")
    .optional(),
});
/** `POST /api/objects/upload`: where to PUT the file. */
export const uploadUrlRecord = z.object({ uploadURL: z.string() });
/** `PUT /api/objects/metadata`: the upload URL as the uploader reports it (with or without its query). */
export const objectMetadataInput = z.object({ photoUrl: text().min(1, UPLOAD_FIRST).max(4000) });
export const objectMetadataRecord = z.object({ objectPath: z.string() });
