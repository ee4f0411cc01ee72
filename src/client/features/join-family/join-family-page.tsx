import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { useEnterFamily } from "@/client/components/family/use-enter-family";
import { Button } from "@/client/components/ui/button";
import { FormAlert } from "@/client/components/ui/form-field";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage, errorStatus } from "@/client/lib/api";
import { type AuthUser, authQueryKey, useAuth } from "@/client/lib/auth";
import { noteSessionToEnd } from "@/client/lib/device-sign-in";
import { roleInSentence } from "@/client/lib/family-texts";
import { acceptInvitation, invitationPreviewKey, previewInvitation, requestToJoin } from "./api";
import { InvitationDetails } from "./components/invitation-details";
import { JoinLayout } from "./components/join-layout";
import { JoinRefused, WayOn } from "./components/join-outcome";
import { JoinSignedOut } from "./components/join-signed-out";
import { forgetInvitation, type KeptInvitation, takeInvitation } from "./kept-invitation";

/** The server refused the link for good (invalid, used, withdrawn, expired, already a member). */
const isRefusal = (err: unknown) => [404, 409, 410].includes(errorStatus(err) ?? 0);
/** Not this account's to accept (another address, or one not confirmed yet): it may ask the owner. */
const isNotTheirs = (err: unknown) => errorStatus(err) === 403;

/** The link's invitation, read once; the address bar then drops the token, so it stays out of the history. */
function useKeptInvitation(): KeptInvitation | null {
  const [kept] = useState(takeInvitation);
  useEffect(() => {
    if (window.location.search)
      window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  return kept;
}

/**
 * `/join?token=...`, opened from an invitation, signed in or out: says who invites the person, as
 * what and until when (the link alone reveals no more). Signed in: Accept and join, or Not now.
 * Signed out: sign in or create an account right here, then it is accepted. Only the account with
 * the invited, confirmed address joins; another account (or one still to confirm its address) is
 * told why, and may ask the family's owner to let it join. Once joined, the family's dashboard opens.
 */
export function JoinFamilyPage() {
  const kept = useKeptInvitation();
  const token = kept?.token ?? null;
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const enterFamily = useEnterFamily();
  const [, navigate] = useLocation();
  const preview = useQuery({
    queryKey: invitationPreviewKey(token ?? ""),
    queryFn: () => previewInvitation(token ?? ""),
    enabled: token !== null,
  });
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (joined) => {
      forgetInvitation();
      await enterFamily(joined);
      toast({
        title: `You joined ${joined.familyName}`,
        description: `You are ${roleInSentence(joined.role)} there.`,
      });
    },
    onError: (err) => {
      if (isRefusal(err)) forgetInvitation();
    },
  });
  const ask = useMutation({
    mutationFn: requestToJoin,
    onSuccess: () => forgetInvitation(),
  });
  const { mutate } = accept;
  const accepting = useRef(false);
  const acceptOnce = useCallback(() => {
    if (!token || accepting.current) return;
    accepting.current = true;
    mutate(token, { onError: () => (accepting.current = false) });
  }, [token, mutate]);

  // Back from signing in on another site, meaning to accept: no second tap.
  const acceptOnReturn = kept?.acceptAfterSignIn === true;
  useEffect(() => {
    if (user && acceptOnReturn && preview.isSuccess) acceptOnce();
  }, [user, acceptOnReturn, preview.isSuccess, acceptOnce]);
  useEffect(() => {
    if (preview.isError && isRefusal(preview.error)) forgetInvitation();
  }, [preview.isError, preview.error]);

  const signedIn = (person: AuthUser) => {
    // A new session: a sign-out that could not reach the server is not to end it (auth.ts).
    noteSessionToEnd(null);
    queryClient.setQueryData(authQueryKey, person);
    acceptOnce();
  };
  const notNow = () => {
    forgetInvitation();
    navigate("/", { replace: true });
  };

  if (!token) {
    return (
      <JoinLayout>
        <JoinRefused
          title="This invitation link does not work"
          message="Please check that you opened the whole link. If it still does not work, ask the family for a new invitation."
          signedIn={user !== null}
        />
      </JoinLayout>
    );
  }
  if (preview.isPending) {
    return (
      <JoinLayout>
        <Spinner label="Opening the invitation..." showLabel className="py-8 text-base" />
      </JoinLayout>
    );
  }
  if (preview.isError) {
    const refused = isRefusal(preview.error);
    return (
      <JoinLayout>
        <JoinRefused
          title={refused ? "This invitation cannot be used" : "We could not open the invitation"}
          message={errorMessage(preview.error)}
          signedIn={user !== null}
          onRetry={refused ? undefined : () => preview.refetch()}
        />
      </JoinLayout>
    );
  }
  const invitation = preview.data;
  if (accept.isPending || accept.isSuccess) {
    return (
      <JoinLayout>
        <Spinner label="Joining the family..." showLabel className="py-8 text-base" />
      </JoinLayout>
    );
  }
  if (ask.isSuccess) {
    return (
      <JoinLayout>
        <InvitationDetails invitation={invitation} />
        <p role="status" className="rounded-lg border border-border bg-muted/40 p-4">
          {ask.data.message}
        </p>
        <WayOn signedIn />
      </JoinLayout>
    );
  }
  const refusedAccept = accept.isError && isRefusal(accept.error);
  const notTheirs = accept.isError && isNotTheirs(accept.error);
  const inviter = invitation.invitedByName ?? "the family's owner";
  const problem = ask.isError ? ask.error : accept.isError ? accept.error : null;
  return (
    <JoinLayout>
      <InvitationDetails invitation={invitation} />
      <FormAlert message={problem ? errorMessage(problem) : undefined} />
      {refusedAccept ? (
        <WayOn signedIn={user !== null} />
      ) : user ? (
        <div className="flex flex-col gap-3">
          {user.email ? (
            <p className="text-muted-foreground text-sm">
              You are signed in as {user.email}: the invitation must have been sent to this address.
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button size="lg" onClick={acceptOnce}>
              Accept and join
            </Button>
            {notTheirs ? (
              <Button size="lg" variant="outline" disabled={ask.isPending} onClick={() => ask.mutate(token)}>
                {ask.isPending ? "Asking..." : `Ask ${inviter} to let this account join`}
              </Button>
            ) : null}
            <Button size="lg" variant="outline" onClick={notNow}>
              Not now
            </Button>
          </div>
        </div>
      ) : (
        <JoinSignedOut token={token} onSignedIn={signedIn} />
      )}
    </JoinLayout>
  );
}
