import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { profileInput } from "../../../domain/auth";
import { signedInUserRecord } from "../../../domain/signed-in-user";
import type { ModuleRoutes } from "../../app-context";
import { unauthorized } from "../../lib/errors";
import { ownerScope } from "../../lib/owned-routes";
import { inTransaction } from "../../lib/transaction";
import { deleteOwnerObjects } from "../../storage/object-storage";
import { signedInUser, updateProfile } from "../auth/users.queries";
import { deleteChildProfile, deleteUser } from "./account.queries";

const messageRecord = z.object({ message: z.string() });

export const accountRoutes: ModuleRoutes = (scope, { db, storage }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/profile",
    { config: { access: "person" }, schema: { body: profileInput, response: { 200: signedInUserRecord } } },
    async (request) => {
      const user = await updateProfile(db, request.access().actorId, request.body);
      if (!user) throw unauthorized();
      return signedInUser(user);
    },
  );

  /** Runs a deletion in one transaction; the owner's stored files go once it has committed. */
  const deleteWithFiles = (request: Parameters<typeof ownerScope>[0], work: typeof deleteUser) =>
    inTransaction(
      db,
      ownerScope(request),
      async (ctx) => {
        await work(ctx);
        ctx.afterCommit(() => deleteOwnerObjects(storage, ctx.ownerId));
      },
      (error) => request.log.error({ fault: (error as Error).name }, "stored files were not removed"),
    );

  r.delete(
    "/api/account/child-profile",
    { config: { access: "manage" }, schema: { response: { 200: messageRecord } } },
    async (request) => {
      await deleteWithFiles(request, deleteChildProfile);
      return { message: "The child profile and all care records have been deleted." };
    },
  );

  r.delete(
    "/api/account/user",
    { config: { access: "person" }, schema: { response: { 200: messageRecord } } },
    async (request, reply) => {
      await deleteWithFiles(request, deleteUser);
      await reply.signOut();
      return { message: "Your account and all of its data have been deleted." };
    },
  );
};
