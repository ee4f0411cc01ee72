import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profileInput } from "../../../domain/auth";
import type { Db } from "../../db/client";
import { unauthorized } from "../../lib/errors";
import type { ObjectStorage } from "../../storage/local-storage";
import { toCurrentUser, updateProfile } from "../auth/users.queries";
import { deleteChildProfile, deleteUser } from "./account.queries";

export function accountRoutes(app: FastifyInstance, db: Db, storage: ObjectStorage) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put("/api/profile", { schema: { body: profileInput } }, async (request) => {
    const user = await updateProfile(db, request.ownerId(), request.body);
    if (!user) throw unauthorized();
    return toCurrentUser(user);
  });

  r.delete("/api/account/child-profile", async (request) => {
    const userId = request.ownerId();
    await deleteChildProfile(db, userId);
    await storage.removeAllOf(userId);
    return { message: "The child profile and all care records have been deleted." };
  });

  r.delete("/api/account/user", async (request, reply) => {
    const userId = request.ownerId();
    await deleteUser(db, userId);
    await storage.removeAllOf(userId);
    await reply.signOut();
    return { message: "Your account and all of its data have been deleted." };
  });
}
