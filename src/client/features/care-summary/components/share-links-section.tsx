import { useQuery } from "@tanstack/react-query";
import { Eye, Link2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { formatDateTime } from "@/client/lib/format";
import { familyClock } from "@/domain/clock";
import type { ShareLink } from "@/domain/family";
import { shareLinksOptions, useWithdrawShareLink } from "../api";
import { type LinkState, linkState, viewsLabel } from "../share-links";

/** The latest views a link's card lists; the count says how many in all. */
const VIEWS_SHOWN = 3;

const STATE_BADGES: Record<LinkState, { label: string; variant: "success" | "secondary" | "warning" }> = {
  active: { label: "Works", variant: "success" },
  expired: { label: "Expired", variant: "secondary" },
  withdrawn: { label: "Withdrawn", variant: "warning" },
};

function stateLine(link: ShareLink, state: LinkState): string {
  if (state === "withdrawn") return `Withdrawn ${formatDateTime(link.revokedAt)}`;
  return `${state === "active" ? "Works until" : "Expired"} ${formatDateTime(link.expiresAt)}`;
}

function ShareLinkCard({ link, now, onWithdraw }: { link: ShareLink; now: Date; onWithdraw: () => void }) {
  const state = linkState(link, now);
  const badge = STATE_BADGES[state];
  const made = formatDateTime(link.createdAt);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-base">{link.childName}</h3>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
        <p>{stateLine(link, state)}</p>
        <p className="text-muted-foreground">
          Made {made}
          {link.createdByName ? ` by ${link.createdByName}` : ""}
        </p>
        <p className="mt-1 flex items-center gap-1.5 font-medium">
          <Eye aria-hidden="true" className="size-4 text-muted-foreground" />
          {viewsLabel(link.views.length)}
        </p>
        {link.views.length ? (
          <ul
            className="text-muted-foreground"
            aria-label={`Latest openings of the link for ${link.childName}`}
          >
            {link.views.slice(0, VIEWS_SHOWN).map((view, index) => (
              // Two openings can share a time and an address: the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and newest first
              <li key={`${view.viewedAt}-${index}`}>
                {formatDateTime(view.viewedAt)} · {view.address ?? "address not recorded"}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {state === "active" ? (
        <Button
          variant="outline"
          className="text-destructive sm:shrink-0"
          onClick={onWithdraw}
          aria-label={`Withdraw the link for ${link.childName} made ${made}`}
        >
          Withdraw
        </Button>
      ) : null}
    </li>
  );
}

function LinksSkeleton() {
  return (
    <div role="status" aria-label="Loading the links..." className="flex flex-col gap-3">
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-4 w-48" />
        </div>
      ))}
    </div>
  );
}

/**
 * "Links for the clinic": every link the family made, whether it still works, who opened it and
 * when, and Withdraw (after a confirmation).
 */
export function ShareLinksSection() {
  const links = useQuery(shareLinksOptions);
  const withdraw = useWithdrawShareLink();
  // The link asked about stays named while the confirmation closes.
  const [withdrawing, setWithdrawing] = useState<ShareLink | null>(null);
  const [asking, setAsking] = useState(false);
  const now = familyClock().now();
  return (
    <section aria-labelledby="clinic-links-title" className="mt-10 flex flex-col gap-3 print:hidden">
      <div>
        <h2 id="clinic-links-title" className="font-semibold text-xl">
          Links for the clinic
        </h2>
        <p className="text-muted-foreground text-sm">
          Each link shows one child's care summary to whoever opens it, until it expires or is withdrawn.
        </p>
      </div>
      {links.isLoading ? (
        <LinksSkeleton />
      ) : links.error ? (
        <p role="alert" className="text-destructive">
          The links could not be loaded. {errorMessage(links.error)}
        </p>
      ) : links.data?.length ? (
        <ul className="flex flex-col gap-3">
          {links.data.map((link) => (
            <ShareLinkCard
              key={link.id}
              link={link}
              now={now}
              onWithdraw={() => {
                setWithdrawing(link);
                setAsking(true);
              }}
            />
          ))}
        </ul>
      ) : (
        <EmptyState
          icon={Link2}
          title="No links yet"
          text="Share with the clinic makes a link to one child's care summary, for a doctor to open without an account."
          className="py-8"
        />
      )}
      <ConfirmDeleteDialog
        open={asking}
        onOpenChange={setAsking}
        title="Withdraw this link?"
        description={
          withdrawing
            ? `The link to ${withdrawing.childName}'s care summary will stop working at once, for everyone who has it. You can make a new one at any time.`
            : undefined
        }
        confirmLabel="Withdraw link"
        pendingLabel="Withdrawing..."
        onConfirm={() => (withdrawing ? withdraw.mutateAsync(withdrawing) : Promise.resolve())}
      />
    </section>
  );
}
