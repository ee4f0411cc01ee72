import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type SafeChoice, SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";
import { type AuthUser, endSession } from "@/client/lib/auth";
import { rememberSignedIn } from "@/client/lib/device-sign-in";
import { clearAllDrafts } from "@/client/lib/drafts";
import { discardWaiting, waitingToSendCount } from "@/client/lib/pending-saves";

/** Every store of entries the person may have waiting: each family's, and the one before families. */
const ownersOf = (user: AuthUser) => [user.id, ...user.families.map((family) => `${user.id}:${family.id}`)];

async function countWaiting(user: AuthUser): Promise<number> {
  const counts = await Promise.all(ownersOf(user).map((owner) => waitingToSendCount(owner)));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** The question while entries wait: keeping them (staying signed in) is the safe answer. */
function waitingChoice(count: number): SafeChoice {
  const one = count === 1;
  return {
    title: "Sign out?",
    description: `${one ? "1 entry has" : `${count} entries have`} not been sent yet. Signing out deletes ${one ? "it" : "them"} from this device.`,
    safeLabel: "Stay signed in",
    riskyLabel: `Sign out and delete ${one ? "it" : "them"}`,
  };
}

/**
 * Signing out, once asked for (a Sign Out link): when entries still wait to be sent it asks first;
 * then it forgets what this device keeps of the person (the entries, drafts, the answers kept for
 * reading offline and who was signed in) and ends the session.
 */
export function SignOutDialog({ user, onStay }: { user: AuthUser; onStay: () => void }) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    await Promise.all(ownersOf(user).map((owner) => discardWaiting(owner)));
    clearAllDrafts();
    rememberSignedIn(null);
    const { forgetAnswersKeptOffline } = await import("@/client/lib/offline-cache");
    await forgetAnswersKeptOffline(queryClient);
    // The session ends on the server now, or as soon as the connection is back (auth.ts); either
    // way the app starts again signed out, from the server or from what the device keeps.
    await endSession(user);
    window.location.assign("/");
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: counted once, when signing out is asked for.
  useEffect(() => {
    let live = true;
    void countWaiting(user).then((count) => {
      if (!live) return;
      if (count === 0) void signOut();
      else setWaiting(count);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <SafeChoiceDialog
      choice={waiting ? waitingChoice(waiting) : null}
      busy={busy}
      onAnswer={(answer) => (answer === "risky" ? void signOut() : onStay())}
    />
  );
}
