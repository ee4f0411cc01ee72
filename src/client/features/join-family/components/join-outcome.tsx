import { CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";

/** The way on from a link that cannot be used: into the app, or to sign in. */
export function WayOn({ signedIn }: { signedIn: boolean }) {
  return (
    <Button asChild variant="outline" className="self-start">
      {signedIn ? <Link href="/">Go to the app</Link> : <Link href="/?signin=1">Sign in</Link>}
    </Button>
  );
}

/** Why the invitation cannot be used, in the server's words, and the way on. */
export function JoinRefused({
  title,
  message,
  signedIn,
  onRetry,
}: {
  title: string;
  message: string;
  signedIn: boolean;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <>
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-8 shrink-0 text-destructive" />
        <div className="min-w-0">
          <h1 className="font-bold text-2xl leading-tight">{title}</h1>
          <p role="alert" className="mt-2 text-muted-foreground">
            {message}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
        <WayOn signedIn={signedIn} />
      </div>
    </>
  );
}
