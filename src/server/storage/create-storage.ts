import { join } from "node:path";
import type { Config } from "../config";
import { createLocalDiskStorage } from "./local-disk-storage";
import type { ObjectStorage } from "./object-storage";
import { createS3Storage } from "./s3-storage";

/** S3 when `S3_BUCKET` is set, else the local disk under DATA_DIR/objects. */
export function createStorage(config: Pick<Config, "s3" | "dataDir">): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(join(config.dataDir, "objects"));
}
