import { useQuery } from "@tanstack/react-query";
import { CircleAlert, HeartPulse, Printer } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useRoute } from "wouter";
import { CareSummarySheet } from "@/client/components/care-summary/care-summary-sheet";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, errorStatus } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { formatStamp } from "@/domain/clock";
import { sharedSummaryOptions } from "./api";

const PRODUCT = "Medical Care Tracker";

/** Names the browser's tab (and a printout's header) after the child while the page is open. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** A message in place of the summary: the link does not work, or the page could not load it. */
function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col gap-3 p-6 sm:p-6">
        <div className="flex items-center gap-3">
          <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <h1 className="font-bold text-2xl">{title}</h1>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The page a clinic link opens (`/shared/<token>`), signed in or out, without the app around it:
 * one child's care summary, whom it is from and until when the link works, to read or print.
 */
export function SharedSummaryPage() {
  // Rendered by the app's gate on this path, outside any <Route>: the token is read from the path here.
  const [, params] = useRoute<{ token: string }>("/shared/:token");
  const token = params?.token ?? "";
  const shared = useQuery(sharedSummaryOptions(token));
  const child = shared.data?.summary.child?.name ?? null;
  useDocumentTitle(child ? `Care summary for ${child} · ${PRODUCT}` : null);

  return (
    <div className="min-h-dvh bg-background px-4 py-6 sm:px-6 sm:py-10 print:min-h-0 print:bg-white print:p-0">
      <div className="mx-auto flex max-w-4xl flex-col gap-6 print:max-w-none print:gap-3">
        {/* Above the summary, the name and Print at either end; above a message, centred with it. */}
        <header
          className={cn(
            "flex flex-wrap items-center gap-3",
            shared.data ? "justify-between" : "justify-center",
          )}
        >
          <p className="flex items-center gap-2 font-semibold text-lg">
            <HeartPulse aria-hidden="true" className="size-6 text-primary print:text-inherit" />
            {PRODUCT}
          </p>
          {shared.data ? (
            <Button variant="outline" onClick={() => window.print()} className="print:hidden">
              <Printer aria-hidden="true" />
              Print
            </Button>
          ) : null}
        </header>
        <main>
          {shared.isLoading ? (
            <Spinner label="Loading the care summary..." showLabel className="py-16 text-base" />
          ) : shared.data ? (
            <CareSummarySheet
              summary={shared.data.summary}
              title={`Care summary for ${child ?? "the child"}`}
              titleLevel={1}
              note={
                <>
                  Shared by the family · valid until{" "}
                  <span className="font-medium">
                    {formatStamp(new Date(shared.data.expiresAt), shared.data.timeZone)}
                  </span>
                </>
              }
            />
          ) : errorStatus(shared.error) === 404 ? (
            <Problem title="This link does not work">
              <p className="text-muted-foreground">
                It may have expired or been withdrawn. Ask the family for a new one.
              </p>
            </Problem>
          ) : (
            <Problem title="The care summary could not be loaded">
              <p className="text-muted-foreground" role="alert">
                {errorMessage(shared.error)}
              </p>
              <div>
                <Button onClick={() => shared.refetch()} disabled={shared.isFetching}>
                  Try again
                </Button>
              </div>
            </Problem>
          )}
        </main>
        {shared.data ? (
          <footer className="text-muted-foreground text-sm print:text-xs">
            A read-only copy of what the family keeps in {PRODUCT}, as of the date above. For anything urgent
            or unclear, call the family or the care team.
          </footer>
        ) : null}
      </div>
    </div>
  );
}
