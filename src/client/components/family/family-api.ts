import { requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";

/** `PUT /api/auth/family`: this device uses another of the person's families; answers who is signed in. */
export function switchFamily(familyId: string): Promise<AuthUser> {
  return requestJson<AuthUser>("PUT", "/api/auth/family", { familyId });
}
