import { can, type Permission, type Role } from "@/domain/roles";
import { useAuth } from "./auth";

/** The person's role in the family in use (null while signed out). */
export function useRole(): Role | null {
  return useAuth().user?.role ?? null;
}

/**
 * Whether the person's role allows `permission` in the family in use: a screen does not offer what
 * the role may not do (no Add, Edit or Delete for a viewer). The server checks every request anyway.
 */
export function useCan(permission: Permission): boolean {
  const role = useRole();
  return role !== null && can(role, permission);
}
