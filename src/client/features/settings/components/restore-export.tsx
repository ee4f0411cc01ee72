import { useMutation, useQuery } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Progress } from "@/client/components/ui/progress";
import { SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import type { RestoreJobRecord } from "@/domain/exports";
import { formatByteSize } from "@/domain/storage";
import { getRestore, getRestoreTarget, listRestores, startRestore, storageUsageQueryOptions } from "../api";

const count = (n: number) => n.toLocaleString("en-US");
const isRunning = (job: RestoreJobRecord | undefined) => job?.state === "writing" || job?.state === "undoing";

/** What the person reads while a restore writes, or once it has ended. */
function restoreLabel(job: RestoreJobRecord) {
  if (job.state === "undoing") return "The restore stopped; removing what it had added...";
  return `Restoring: ${count(job.processed)} of ${count(job.total)} records`;
}

/**
 * Restore: a backup (.zip, with photos) or a JSON export, added to this family after a
 * confirmation; into a family that holds records, after a question whose safe answer (Cancel) is
 * the primary one, saying that what the family holds stays as it is and the file's settings
 * replace the family's. The file is sent with its upload's progress shown, checked whole by the
 * server (nothing is written if one record is wrong), then written while a bar shows how far it
 * is; the bar comes back after a reload while the restore goes on.
 */
export function RestoreExport({ onRestored }: { onRestored: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  /** The question asked before sending the file: into an empty family, or one that holds records. */
  const [question, setQuestion] = useState<"empty" | "records" | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const [jobId, setJobId] = useState<string | null>(null);
  // A new input once a file is sent, so the chooser no longer shows a file that is gone.
  const [inputKey, setInputKey] = useState(0);

  // A restore this account started before (on this page or another), still writing.
  const latest = useQuery({ queryKey: ["restores"], queryFn: listRestores, select: (jobs) => jobs[0] });
  useEffect(() => {
    if (!jobId && isRunning(latest.data)) setJobId(latest.data!.id);
  }, [jobId, latest.data]);

  const job = useQuery({
    queryKey: ["restores", jobId],
    queryFn: () => getRestore(jobId!),
    enabled: jobId !== null,
    // Asked again every second while it writes: the only answer that moves by itself.
    refetchInterval: (query) => (isRunning(query.state.data) || !query.state.data ? 1000 : false),
  });
  const current = job.data;

  useEffect(() => {
    if (!current || isRunning(current)) return;
    if (current.state === "done" && current.report) {
      toast({
        title: "Export Restored",
        description: [current.report.message, ...current.report.skipped.map((s) => `Skipped ${s}.`)].join(
          " ",
        ),
      });
      onRestored();
    } else if (current.state === "failed") {
      toast({ title: "Restore Failed", description: current.message ?? undefined, variant: "destructive" });
    }
    setJobId(null);
  }, [current, onRestored]);

  const ask = useMutation({
    mutationFn: getRestoreTarget,
    onSuccess: (target) => setQuestion(target.holdsRecords ? "records" : "empty"),
    onError: (err) => {
      if (!isSessionEndedError(err))
        toast({ title: "Restore Failed", description: errorMessage(err), variant: "destructive" });
    },
  });

  const start = useMutation({
    mutationFn: ({ chosen, intoRecords }: { chosen: File; intoRecords: boolean }) => {
      setUploaded(0);
      return startRestore(chosen, setUploaded, intoRecords);
    },
    onSuccess: (started) => {
      setFile(null);
      setInputKey((key) => key + 1);
      setJobId(started.id);
    },
    onError: (err) => {
      if (!isSessionEndedError(err))
        toast({ title: "Restore Failed", description: errorMessage(err), variant: "destructive" });
    },
  });

  const busy = start.isPending || ask.isPending || jobId !== null;
  // The server takes a file as large as the family's storage: said here before it is sent.
  const { data: storage } = useQuery(storageUsageQueryOptions);
  const tooLarge = file !== null && storage !== undefined && file.size > storage.quotaBytes;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Restore from a backup</h3>
      <p className="text-muted-foreground text-sm">
        A backup (.zip, with photos) or a JSON export of this app, from this account or another, on this
        server or another. Its records are added to this family, with its settings; nothing here is deleted,
        and records this family holds already are left as they are.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={inputId}>Backup or export file (.zip or .json)</Label>
          <Input
            key={inputKey}
            id={inputId}
            type="file"
            accept=".zip,application/zip,application/json,.json"
            disabled={busy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-describedby={tooLarge ? `${inputId}-error` : undefined}
          />
        </div>
        <Button variant="outline" disabled={!file || busy || tooLarge} onClick={() => ask.mutate()}>
          <Upload aria-hidden="true" />
          {busy ? "Restoring..." : "Restore"}
        </Button>
      </div>
      {tooLarge && storage ? (
        <p id={`${inputId}-error`} className="font-medium text-destructive text-sm">
          This file is larger than the {formatByteSize(storage.quotaBytes)} of storage this family has.
          Restore one child's backup at a time, or ask whoever runs this server for more space.
        </p>
      ) : null}
      {start.isPending ? (
        uploaded < 1 ? (
          <Progress value={uploaded * 100} label={`Sending the file: ${Math.round(uploaded * 100)}%`} />
        ) : (
          <Progress value={null} label="Checking every record before anything is added..." />
        )
      ) : current && isRunning(current) ? (
        <Progress value={current.processed} max={current.total} label={restoreLabel(current)} />
      ) : jobId ? (
        <Progress value={null} label="Restoring..." />
      ) : null}
      <AlertDialog
        open={question === "empty"}
        onOpenChange={(open) => (open ? undefined : setQuestion(null))}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Restore this file?</AlertDialogTitle>
            <AlertDialogDescription>
              The records in {file?.name ?? "the file"} will be added to this family, and its settings (time
              zone, temperature unit, fever threshold, task settings, rota) put in place. If any record in the
              file cannot be read, nothing is added.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => file && start.mutate({ chosen: file, intoRecords: false })}>
              Restore
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <SafeChoiceDialog
        choice={
          question === "records"
            ? {
                title: "This family already holds records",
                description: (
                  <>
                    <p>
                      Restoring {file?.name ?? "the file"} adds the records of the file this family does not
                      hold; records it holds already, as the backup was made here, are left as they are, not
                      added twice. A file restored here before is added again: its records became new records
                      of this family.
                    </p>
                    <p>
                      The file's settings (time zone, temperature unit, fever threshold, task settings, rota)
                      replace this family's. If any record in the file cannot be read, nothing is added.
                    </p>
                  </>
                ),
                safeLabel: "Cancel",
                riskyLabel: "Add what this family does not hold",
              }
            : null
        }
        onAnswer={(answer) => {
          setQuestion(null);
          if (answer === "risky" && file) start.mutate({ chosen: file, intoRecords: true });
        }}
      />
    </div>
  );
}
