import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Clock, HeartPulse } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, errorStatus } from "@/client/lib/api";
import { authQueryKey, useAuth } from "@/client/lib/auth";
import { useLinkToken } from "@/client/lib/use-link-token";
import { confirmEmail } from "./api";

/** What the page says, by what opening the link did (the server's status for each refusal). */
type Outcome = "confirmed" | "used" | "expired" | "invalid" | "failed";
const OUTCOME_BY_STATUS: Record<number, Outcome> = {
  409: "used",
  410: "expired",
  404: "invalid",
  400: "invalid",
};

const TEXTS: Record<Exclude<Outcome, "failed">, { title: string; text: string }> = {
  confirmed: {
    title: "Your email address is confirmed",
    text: "Thank you. Exports you ask for in Account Settings can now be sent to this address.",
  },
  used: {
    title: "This link has already been used",
    text: "Each link works once. If your email address is not confirmed yet, you can ask for a new link in Account Settings.",
  },
  expired: {
    title: "This link has expired",
    text: "Links work for 48 hours. You can ask for a new one in Account Settings.",
  },
  invalid: {
    title: "This link does not work",
    text: "Please check that you opened the whole link from the email. You can also ask for a new one in Account Settings.",
  },
};

/**
 * `/confirm-email?token=...`, opened from the link in the confirmation email, signed in or not:
 * confirms the address and says plainly whether it worked, or why the link did not.
 */
export function ConfirmEmailPage() {
  const token = useLinkToken();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: confirmEmail,
    // The signed-in person's record now says the address is confirmed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueryKey }),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once: a link is used up by the first request.
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const outcome: Outcome | "confirming" = !token
    ? "invalid"
    : confirm.isSuccess
      ? "confirmed"
      : confirm.isError
        ? (OUTCOME_BY_STATUS[errorStatus(confirm.error) ?? 0] ?? "failed")
        : "confirming";

  const next: ReactNode = user ? (
    <Button asChild variant={outcome === "confirmed" ? "default" : "outline"}>
      <Link href={outcome === "confirmed" ? "/" : "/settings"}>
        {outcome === "confirmed" ? "Go to the dashboard" : "Go to Account Settings"}
      </Link>
    </Button>
  ) : (
    <Button asChild>
      <Link href="/?signin=1">Sign in</Link>
    </Button>
  );

  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-blue-50 via-background to-background px-4 py-10 sm:py-16">
      <p className="mb-6 flex items-center gap-2 font-semibold text-lg">
        <HeartPulse aria-hidden="true" className="size-6 text-primary" />
        Medical Care Tracker
      </p>
      <Card className="w-full max-w-lg">
        <CardContent className="flex flex-col gap-4 p-6 sm:p-6" role="status" aria-live="polite">
          {outcome === "confirming" ? (
            <Spinner label="Confirming your email address..." showLabel className="py-6 text-base" />
          ) : (
            <>
              <div className="flex items-center gap-3">
                {outcome === "confirmed" ? (
                  <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-green-700" />
                ) : outcome === "expired" ? (
                  <Clock aria-hidden="true" className="size-8 shrink-0 text-amber-700" />
                ) : (
                  <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
                )}
                <h1 className="font-bold text-2xl">
                  {outcome === "failed" ? "We could not confirm your email address" : TEXTS[outcome].title}
                </h1>
              </div>
              <p className="text-muted-foreground">
                {outcome === "failed"
                  ? `${errorMessage(confirm.error)} Please try again in a moment.`
                  : TEXTS[outcome].text}
              </p>
              <div className="flex flex-wrap gap-2">
                {outcome === "failed" && token ? (
                  <Button onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
                    Try again
                  </Button>
                ) : null}
                {next}
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
