import { rm } from "node:fs/promises";
import { join } from "node:path";

/**
 * Uploaded objects on local disk, under DATA_DIR/objects/<owner id>/. Keeping each owner's files
 * in a folder of their own lets an account deletion remove them all at once.
 */
export function createLocalStorage(dataDir: string) {
  const root = join(dataDir, "objects");
  return {
    root,
    /** Removes every object of a user. */
    async removeAllOf(userId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error("Invalid owner id");
      await rm(join(root, userId), { recursive: true, force: true });
    },
  };
}

export type ObjectStorage = ReturnType<typeof createLocalStorage>;
