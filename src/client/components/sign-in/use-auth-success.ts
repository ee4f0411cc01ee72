import { useQueryClient } from "@tanstack/react-query";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useLocation } from "wouter";
import { errorIssues, errorMessage } from "@/client/lib/api";
import { type AuthUser, authQueryKey } from "@/client/lib/auth";
import { noteSessionToEnd } from "@/client/lib/device-sign-in";
import { nextAfterSignIn } from "./next-after-sign-in";

/**
 * After signing in or up: remember the user, reload anything user-specific, and go where the
 * person was going (the tapped form, a deep link's screen), else to the dashboard.
 */
export function useAuthSuccess() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async (user: AuthUser) => {
    // A new session: a sign-out that could not reach the server is not to end it (auth.ts).
    noteSessionToEnd(null);
    queryClient.setQueryData(authQueryKey, user);
    await queryClient.invalidateQueries({ queryKey: authQueryKey });
    navigate(nextAfterSignIn(), { replace: true });
  };
}

/**
 * Puts a failed sign-in or sign-up on the form: field messages of a 400 under their fields,
 * anything else (wrong password, sign-up closed, email taken, too many attempts) on top.
 */
export function showAuthError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError">,
  err: unknown,
  fields: readonly Path<T>[],
) {
  const issues = errorIssues(err).filter((issue) => (fields as readonly string[]).includes(issue.path));
  for (const issue of issues) form.setError(issue.path as Path<T>, { message: issue.message });
  if (issues.length === 0) form.setError("root.server", { message: errorMessage(err) });
}
