import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { vapidKeys } from "../../db/schema/index";
import type { VapidKeys } from "../../lib/notify-deps";

/** The server's VAPID key pair (RFC 8292), both halves base64url as web-push gives them. */
export type { VapidKeys };

/**
 * The server's VAPID keys: read from the database, or generated and kept there on the first start.
 * Several processes starting at once on an empty database each generate a pair, one is kept
 * (`on conflict do nothing`) and every process reads that one back.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db
      .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
      .from(vapidKeys)
      .where(eq(vapidKeys.id, 1));
    return row;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...generated })
    .onConflictDoNothing();
  const kept = await read();
  if (!kept) throw new Error("The VAPID keys could not be kept");
  return kept;
}

/**
 * Who the push services can reach about this server's messages (the JWT's `sub`, RFC 8292 section
 * 2.1): the site's https address, else the mail sender's address. Apple's push service refuses a
 * localhost address; a server without either falls back to one that names no real inbox.
 */
export function vapidSubject(config: Pick<Config, "publicUrl" | "mail">): string {
  if (config.publicUrl?.startsWith("https://")) return config.publicUrl;
  const from = config.mail?.from;
  const address = from ? (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim()) : undefined;
  if (address && /^[^\s@]+@[^\s@]+$/.test(address)) return `mailto:${address}`;
  return "mailto:care-tracker@example.invalid";
}
