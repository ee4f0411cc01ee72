import { useMutation } from "@tanstack/react-query";
import { LogOut, UserX } from "lucide-react";
import { useEnterFamily } from "@/client/components/family/use-enter-family";
import { Button } from "@/client/components/ui/button";
import { errorMessage, getJson } from "@/client/lib/api";
import { type AuthUser, onSignOutClick, SIGN_OUT_HREF } from "@/client/lib/auth";

/**
 * What an open page shows once its person is no longer in the family it showed (its owner removed
 * them): that, in place of the family's children and records, and a way on to the family they still
 * have (another they belong to, or one of their own, made for them when they have none).
 */
export function NoLongerInFamily({ familyName }: { familyName: string }) {
  const enterFamily = useEnterFamily();
  const moveOn = useMutation({
    mutationFn: () => getJson<AuthUser>("/api/auth/user"),
    onSuccess: (user) => enterFamily(user),
  });
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div className="flex max-w-md flex-col items-start gap-4">
        <UserX aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="font-bold text-2xl">You are no longer in {familyName}</h1>
        <p>
          The family's owner removed you, so its children and records are no longer shown here. Anything you
          had not saved was not kept. To come back, you need a new invitation from its owner.
        </p>
        {moveOn.error ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(moveOn.error, "Could not continue. Please try again.")}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => moveOn.mutate()} disabled={moveOn.isPending}>
            {moveOn.isPending ? "Opening..." : "Continue"}
          </Button>
          <Button variant="outline" asChild>
            <a href={SIGN_OUT_HREF} onClick={onSignOutClick}>
              <LogOut aria-hidden="true" />
              Sign out
            </a>
          </Button>
        </div>
      </div>
    </main>
  );
}
