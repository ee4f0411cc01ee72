import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { PhotoCategory, PhotoSeverity } from "../../../domain/photos";
import { children } from "./children";
import {
  createdAt,
  createdBy,
  exportDateOrder,
  exportOrder,
  family,
  id,
  updatedAt,
  updatedBy,
  version,
} from "./columns";

export const medicalPhotos = pgTable(
  "medical_photos",
  {
    id: id(),
    familyId: family(),
    // A child's photos go with the child: nobody should keep pictures of a child whose profile is gone.
    childId: uuid("child_id").references(() => children.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    category: varchar("category", { length: 24 }).$type<PhotoCategory>().notNull(),
    severity: varchar("severity", { length: 16 }).$type<PhotoSeverity>(),
    bodyLocation: text("body_location"),
    /** The object path, e.g. /objects/uploads/<id>. */
    photoUrl: text("photo_url").notNull(),
    relatedCondition: text("related_condition"),
    dateTaken: date("date_taken", { mode: "string" }).notNull(),
    tags: text("tags").array().notNull().default([]),
    isPrivate: integer("is_private").notNull().default(1),
    uploadedBy: text("uploaded_by"),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("medical_photos", t),
    exportDateOrder("medical_photos", t, t.dateTaken),
    index("medical_photos_owner_idx").on(t.familyId, t.childId, t.dateTaken),
    index("medical_photos_page_idx").on(t.familyId, t.dateTaken.desc(), t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Uploaded files: who owns them and where the storage driver keeps them (`storageKey`, with
 * `.thumb` for the thumbnail and `.upload` for the upload before it is checked). An object is
 * created with its upload URL and the size the browser declared for it, received (local uploads),
 * taken for its check once, finalised once checked and re-encoded, and attached when a photo
 * record uses it. Uploads never checked are swept within the hour, objects never attached after a
 * day, and files without an object whenever the sweep finds them.
 */
export const storedObjects = pgTable(
  "stored_objects",
  {
    id: id(),
    familyId: family(),
    /** The public path, /objects/uploads/<id>. */
    objectPath: text("object_path").notNull(),
    /** The storage driver's key. */
    storageKey: text("storage_key").notNull(),
    contentType: varchar("content_type", { length: 64 }),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /**
     * The size the browser declared when it asked for the upload URL: the most the URL takes, and
     * what the upload counts against the storage quota until it is checked.
     */
    declaredBytes: bigint("declared_bytes", { mode: "number" }),
    /** Set when an upload to this server arrived (uploads straight to S3 skip it). */
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    /**
     * Set when the metadata step took the upload to check it: an upload is checked once. Without
     * `finalizedAt`, it is being checked or was refused (its URL may not serve another upload).
     */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** Set once the upload has been checked and re-encoded. */
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
    /** Set once a photo record uses the object; one photo per object. */
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stored_objects_path_key").on(t.objectPath),
    index("stored_objects_owner_idx").on(t.familyId),
  ],
);
