import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { childLink } from "./child-link";
import { createdAt, id, owner, updatedAt } from "./columns";

export const medicalPhotos = pgTable(
  "medical_photos",
  {
    id: id(),
    userId: owner(),
    childId: childLink(),
    title: text("title").notNull(),
    description: text("description"),
    category: varchar("category", { length: 24 }).notNull(),
    severity: varchar("severity", { length: 16 }),
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
    updatedAt: updatedAt(),
  },
  (t) => [index("medical_photos_owner_idx").on(t.userId, t.childId, t.dateTaken)],
);

/** Uploaded files: who owns them and where the storage driver keeps them. */
export const storedObjects = pgTable(
  "stored_objects",
  {
    id: id(),
    userId: owner(),
    /** The public path, /objects/uploads/<id>. */
    objectPath: text("object_path").notNull(),
    /** The storage driver's key. */
    storageKey: text("storage_key").notNull(),
    contentType: varchar("content_type", { length: 64 }),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** Set once the upload has been checked and finalised. */
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stored_objects_path_key").on(t.objectPath),
    index("stored_objects_owner_idx").on(t.userId),
  ],
);
