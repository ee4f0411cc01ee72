import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, DatabaseBackup } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { backupStatusQueryOptions } from "../api";
import { backupTexts } from "../backup-texts";

/**
 * The owners' view of the server's nightly backups (records and photos of every family on it):
 * the last one, or why it failed and when the last good one was made, and when the next is due.
 */
export function BackupsCard() {
  const status = useQuery(backupStatusQueryOptions);
  const texts = status.data ? backupTexts(status.data) : null;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <DatabaseBackup aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Backups</CardTitle>
        </div>
        <CardDescription>
          Each night the server keeps a copy of all its data, records and photos. Whoever runs the server
          should also copy the backups to another place.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {status.isError ? (
          <p role="alert">The backups' state could not be loaded. {errorMessage(status.error)}</p>
        ) : !texts ? (
          <p>Loading backups...</p>
        ) : (
          <>
            <p
              role={texts.state === "failed" ? "alert" : undefined}
              className={cn(
                "flex items-start gap-2",
                texts.state === "failed" && "font-medium text-destructive",
              )}
            >
              {texts.state === "ok" ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              ) : texts.state === "failed" ? (
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : null}
              <span>{texts.headline}</span>
            </p>
            {texts.details.map((line) => (
              <p key={line} className="break-words text-sm text-muted-foreground">
                {line}
              </p>
            ))}
            <p className="text-sm text-muted-foreground">{texts.schedule}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
