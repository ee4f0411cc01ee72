import { useMutation } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useId, useState } from "react";
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
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { MAX_IMPORT_BYTES } from "@/domain/exports";
import { importExport } from "../api";

/** Restore: a JSON export of this app, added to this account after a confirmation. */
export function RestoreExport({ onRestored }: { onRestored: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const restore = useMutation({
    mutationFn: importExport,
    onSuccess: (report) => {
      toast({
        title: "Export Restored",
        description: [report.message, ...report.skipped.map((s) => `Skipped ${s}.`)].join(" "),
      });
      setFile(null);
      onRestored();
    },
    onError: (err) => {
      if (!isSessionEndedError(err))
        toast({ title: "Restore Failed", description: errorMessage(err), variant: "destructive" });
    },
  });
  const tooLarge = file !== null && file.size > MAX_IMPORT_BYTES;

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Restore from an export</h3>
      <p className="text-muted-foreground text-sm">
        A JSON export of this app, from this account or another, on this server or another. Its records are
        added to this account; nothing here is deleted.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={inputId}>Export file (.json)</Label>
          <Input
            id={inputId}
            type="file"
            accept="application/json,.json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-describedby={tooLarge ? `${inputId}-error` : undefined}
          />
        </div>
        <Button
          variant="outline"
          disabled={!file || tooLarge || restore.isPending}
          onClick={() => setConfirming(true)}
        >
          <Upload aria-hidden="true" />
          {restore.isPending ? "Restoring..." : "Restore"}
        </Button>
      </div>
      {tooLarge ? (
        <p id={`${inputId}-error`} className="font-medium text-destructive text-sm">
          This file is larger than 50 MB. Export without photos, or for one child, and restore that.
        </p>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Restore this export?</AlertDialogTitle>
            <AlertDialogDescription>
              The records in {file?.name ?? "the file"} will be added to this account, next to what is here
              already. If any record in the file cannot be read, nothing is added.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => file && restore.mutate(file)}>Restore</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
