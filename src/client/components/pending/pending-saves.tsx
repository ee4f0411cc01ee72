import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef } from "react";
import { toast } from "@/client/components/ui/use-toast";
import { requestSentAt } from "@/client/lib/api";
import { useDeviceOwner } from "@/client/lib/auth";
import { recordsWritten } from "@/client/lib/family-changes";
import type { SendRun } from "@/client/lib/outbox/outbox";
import { loadOutbox, useOutboxEntries } from "@/client/lib/pending-saves";
import {
  keepPageWhenSessionEnds,
  markSessionExpired,
  sessionEndedSince,
  useSessionExpired,
} from "@/client/lib/session-expiry";
import { ClockNotice } from "./clock-notice";
import { OutboxBar } from "./outbox-bar";
import { sentText } from "./outbox-texts";

/** While entries wait, another try this often (the 'online' event does not see a server come back). */
const RETRY_MS = 30_000;

/** What a run's outcome tells the person, and the lists it reloads. */
function announce(run: SendRun, queryClient: QueryClient) {
  // One toast shows at a time: the entries that arrived together are named in one.
  if (run.sent.length) toast({ title: "Sent", description: sentText(run.sent) });
  for (const { entry } of run.refused) {
    // Not dropped: it waits in the list of entries for the person's answer.
    toast({
      title: `The ${entry.label} saved on this phone is not recorded yet`,
      description: "It needs your answer: see the entries waiting to send.",
    });
  }
  for (const { entry } of [...run.sent, ...run.refused]) {
    for (const queryKey of entry.queryKeys) void queryClient.invalidateQueries({ queryKey });
  }
  // A record written may change what is due (a dose given, a dressing changed).
  if (run.sent.length) void recordsWritten(queryClient);
}

/**
 * Sends the entries waiting in this device's outbox: on app start, when the browser is back
 * online, when the page is shown again, and every 30 s while some wait (a save sends at once
 * itself); after a sign-in that the session's end asked for. Each run's outcome is announced; a
 * 401 keeps everything and asks to sign in again. Above the phone's bottom bar, the bar shows
 * what waits, and a notice says when this device's clock is off from the server's.
 */
export function PendingSaves() {
  const owner = useDeviceOwner();
  const queryClient = useQueryClient();
  const entries = useOutboxEntries();
  const sessionExpired = useSessionExpired();
  const send = useRef<() => void>(() => {});

  useEffect(() => {
    if (!owner) return;
    let active = true;
    let unsubscribe = () => {};
    const run = async () => {
      const outbox = await loadOutbox().catch(() => null);
      if (!active || !outbox) return;
      await outbox.sendNow(owner).catch(() => undefined);
    };
    void loadOutbox()
      .then(async (outbox) => {
        if (!active) return;
        unsubscribe = outbox.onSendRun((outcome, from) => {
          if (from !== owner) return;
          announce(outcome, queryClient);
          if (outcome.stopped?.reason !== "signed-out") return;
          const sentAt = requestSentAt(outcome.stopped.error);
          // A try sent before the person signed in again: send again, under the new session.
          if (sessionEndedSince(sentAt)) markSessionExpired("outbox", sentAt);
          else void run();
        });
        await outbox.adoptEarlierSaves(owner);
        await outbox.refresh(false);
        await run();
      })
      // This browser keeps no outbox (no IndexedDB): saves are sent directly, nothing waits.
      .catch(() => undefined);
    send.current = () => void run();
    const onOnline = () => void run();
    const onVisible = () => {
      if (document.visibilityState === "visible") void run();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      active = false;
      unsubscribe();
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      send.current = () => {};
    };
  }, [owner, queryClient]);

  // A session that ends while this person's entries wait keeps the page: signing in again sends them.
  const mine = entries.some((e) => e.owner === owner);
  useEffect(() => {
    keepPageWhenSessionEnds(() => mine);
    return () => keepPageWhenSessionEnds(() => false);
  }, [mine]);

  const waiting = entries.some((e) => e.owner === owner && !e.refusal);
  useEffect(() => {
    // While the session has ended, nothing is tried: the sign-in dialog is open.
    if (!waiting || sessionExpired) return;
    const timer = window.setInterval(() => send.current(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, sessionExpired]);

  // Signed in again after the session's end: what waited is sent now.
  const wasExpired = useRef(sessionExpired);
  useEffect(() => {
    if (wasExpired.current && !sessionExpired) send.current();
    wasExpired.current = sessionExpired;
  }, [sessionExpired]);

  const stack = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // The page, pinned Save buttons and toasts keep clear of what shows here (--bottom-clear).
    // Measured by the observer, after the browser's own layout and before it paints: reading the
    // height here would lay out the whole page inside the render that mounts it (about a third of
    // a second of the dashboard's first render on a slow phone), and nothing changes while the
    // stack stays empty.
    const element = stack.current;
    if (!element) return;
    const root = document.documentElement;
    let shown = 0;
    const measure = () => {
      const height = element.offsetHeight;
      if (height === shown) return;
      shown = height;
      if (height) root.style.setProperty("--pending-banner-height", `${height + 12}px`);
      else root.style.removeProperty("--pending-banner-height");
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--pending-banner-height");
    };
  }, []);

  return (
    <div
      ref={stack}
      // Above the phone's bottom bar, never over it (--bottom-bar-height is 0 with the sidebar).
      className="fixed right-3 bottom-[calc(var(--bottom-bar-height)+0.75rem)] left-3 z-30 flex max-h-[60dvh] flex-col gap-2 sm:left-auto sm:max-w-sm print:hidden"
    >
      <ClockNotice />
      {owner ? <OutboxBar owner={owner} entries={entries} onAnswered={() => send.current()} /> : null}
    </div>
  );
}
