import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { profileInput } from "../../../domain/auth";
import { signedInUserRecord } from "../../../domain/signed-in-user";
import type { ModuleRoutes } from "../../app-context";
import { forgetAuthorName } from "../../lib/authors";
import { unauthorized } from "../../lib/errors";
import { familyScope } from "../../lib/owned-routes";
import { inTransaction } from "../../lib/transaction";
import { assertAllowed, forgetAccess } from "../../plugins/access";
import { deleteOwnerObjects } from "../../storage/object-storage";
import { signedInAnswer } from "../auth/signed-in";
import { updateProfile } from "../auth/users.queries";
import { setFamilyTimeZone } from "../family/family.queries";
import { deleteChildProfile, deleteUser } from "./account.queries";

const messageRecord = z.object({ message: z.string() });

export const accountRoutes: ModuleRoutes = (scope, { db, storage, accesses }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/profile",
    { config: { access: "person" }, schema: { body: profileInput, response: { 200: signedInUserRecord } } },
    async (request, reply) => {
      const access = request.access();
      const { timeZone, ...names } = request.body;
      // The zone is the family's clock: its owner sets it; the same zone sent back by anyone is no change.
      const changesZone = timeZone !== undefined && timeZone !== access.timeZone;
      if (changesZone) assertAllowed(access, "manage");
      await db.transaction(async (tx) => {
        const user = await updateProfile(tx, access.actorId, {
          ...names,
          ...(changesZone ? { timeZone } : {}),
        });
        if (!user) throw unauthorized();
        if (changesZone) {
          await setFamilyTimeZone(tx, access.familyId, timeZone);
          // Every due time of the family moves with its clock: the reminders follow.
          await request.server.familyChanges.announce(tx, access.familyId);
        }
      });
      forgetAuthorName(access.actorId);
      if (changesZone) {
        accesses.forget();
        forgetAccess(request);
      }
      const signedIn = await signedInAnswer(db, request, reply);
      if (!signedIn) throw unauthorized();
      return signedIn;
    },
  );

  r.delete(
    "/api/account/child-profile",
    { config: { access: "manage" }, schema: { response: { 200: messageRecord } } },
    async (request) => {
      await inTransaction(
        db,
        familyScope(request),
        async (ctx) => {
          await deleteChildProfile(ctx);
          ctx.afterCommit(() => deleteOwnerObjects(storage, ctx.familyId));
        },
        (error) => request.log.error({ fault: (error as Error).name }, "stored files were not removed"),
      );
      return { message: "The child profile and all care records have been deleted." };
    },
  );

  r.delete(
    "/api/account/user",
    { config: { access: "person" }, schema: { response: { 200: messageRecord } } },
    async (request, reply) => {
      await inTransaction(
        db,
        familyScope(request),
        async (ctx) => {
          const deleted = await deleteUser(ctx);
          for (const familyId of deleted) ctx.afterCommit(() => deleteOwnerObjects(storage, familyId));
        },
        (error) => request.log.error({ fault: (error as Error).name }, "stored files were not removed"),
      );
      accesses.forget();
      forgetAuthorName(request.access().actorId);
      await reply.signOut();
      return { message: "Your account and all of its data have been deleted." };
    },
  );
};
