import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CloudOff } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { toast } from "@/client/components/ui/use-toast";
import { useAuth, useDeviceOwner } from "@/client/lib/auth";
import { recordsWritten } from "@/client/lib/family-changes";
import {
  adoptEarlierPending,
  onPendingChange,
  type PendingSave,
  pendingSaves,
  sendPending,
  toSend,
} from "@/client/lib/pending-saves";
import { RefusedEntry, savedTime } from "./refused-entry";

const NONE: readonly PendingSave[] = [];
/** While entries wait, another try this often (the 'online' event does not see a server come back). */
const RETRY_MS = 30_000;

/**
 * Sends the entries kept on this device (saved while the connection was down): on app start, when
 * the browser is back online, and every 30 s while some wait. Each one that arrives is announced;
 * while some wait, a banner says so. One the server refused by a rule stays in the banner with its
 * question until the person answers it (`RefusedEntry`).
 */
export function PendingSaves() {
  const owner = useDeviceOwner();
  const userId = useAuth().user?.id;
  const queryClient = useQueryClient();
  const waiting = useSyncExternalStore(onPendingChange, () => (owner ? pendingSaves(owner) : NONE));
  const hasWaiting = waiting.length > 0;
  const sending = toSend(waiting);
  const hasToSend = sending.length > 0;
  const refused = waiting.filter((save) => save.refused);
  const retry = useRef<() => void>(() => {});

  useEffect(() => {
    if (userId && owner) adoptEarlierPending(userId, owner);
  }, [userId, owner]);

  useEffect(() => {
    if (!owner) return;
    let active = true;
    const run = async () => {
      if (toSend(pendingSaves(owner)).length === 0) return;
      const outcomes = await sendPending(owner);
      if (!active) return;
      // One toast shows at a time: the entries that arrived together are named in one.
      const sent = outcomes.filter((o) => o.result === "sent").map((o) => o.save.label);
      if (sent.length === 1) {
        toast({ title: "Sent", description: `The ${sent[0]} kept on this device has arrived.` });
      } else if (sent.length > 1) {
        toast({
          title: "Sent",
          description: `The ${sent.length} entries kept on this device have arrived: ${sent.join("; ")}.`,
        });
      }
      for (const { save, result } of outcomes) {
        if (result === "refused") {
          // Not dropped: it waits in the banner for the person's answer.
          toast({
            title: `The ${save.label} kept on this device is not recorded yet`,
            description: "It needs your answer: see the entries waiting on this device.",
          });
        }
        for (const queryKey of save.queryKeys) void queryClient.invalidateQueries({ queryKey });
      }
      // A record written may change what is due (a dose given, a dressing changed).
      if (outcomes.some((o) => o.result === "sent")) void recordsWritten(queryClient);
    };
    // On app start and when the browser is back online; every 30 s while entries wait (below).
    retry.current = () => void run();
    void run();
    const onOnline = () => void run();
    window.addEventListener("online", onOnline);
    return () => {
      active = false;
      retry.current = () => {};
      window.removeEventListener("online", onOnline);
    };
  }, [owner, queryClient]);
  useEffect(() => {
    // Not at once when an entry is kept: its connection just failed.
    if (!hasToSend) return;
    const timer = window.setInterval(() => retry.current(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [hasToSend]);

  const banner = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    // The page, pinned Save buttons and toasts keep clear of the banner (--bottom-clear).
    const element = banner.current;
    if (!hasWaiting || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty("--pending-banner-height", `${element.offsetHeight + 12}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--pending-banner-height");
    };
  }, [hasWaiting]);

  if (!hasWaiting) return null;
  return (
    <section
      ref={banner}
      aria-label="Waiting to be sent"
      // Above the phone's bottom bar, never over it (--bottom-bar-height is 0 with the sidebar).
      className="fixed right-3 bottom-[calc(var(--bottom-bar-height)+0.75rem)] left-3 z-30 max-h-[60dvh] overflow-y-auto rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm shadow-lg sm:left-auto sm:max-w-sm print:hidden"
    >
      {hasToSend ? (
        <>
          <p role="status" className="flex items-start gap-2 font-medium">
            <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {sending.length === 1
              ? "1 entry is kept on this device and will be sent when the connection is back."
              : `${sending.length} entries are kept on this device and will be sent when the connection is back.`}
          </p>
          <ul className="mt-1 list-disc pl-10">
            {sending.map((save) => (
              <li key={save.key}>
                Pending: {save.label}, saved {savedTime(save)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {owner && refused.length ? (
        <>
          <p role="status" className={`flex items-start gap-2 font-medium ${hasToSend ? "mt-3" : ""}`}>
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {refused.length === 1
              ? "1 entry kept on this device needs your answer."
              : `${refused.length} entries kept on this device need your answer.`}
          </p>
          <ul className="mt-2 flex flex-col gap-3 pl-6">
            {refused.map((save) =>
              save.refused ? (
                <RefusedEntry
                  key={save.key}
                  owner={owner}
                  save={save}
                  refused={save.refused}
                  onAnswered={() => retry.current()}
                />
              ) : null,
            )}
          </ul>
        </>
      ) : null}
    </section>
  );
}
