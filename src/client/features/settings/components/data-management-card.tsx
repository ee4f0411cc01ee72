import { useMutation } from "@tanstack/react-query";
import { Database, FileDown, Mail } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { downloadJsonExport, type EmailExportFormat, emailExport } from "../api";

const EMAIL_FORMATS: readonly { format: EmailExportFormat; label: string }[] = [
  { format: "csv", label: "CSV" },
  { format: "excel", label: "Excel" },
  { format: "pdf", label: "PDF" },
  { format: "word", label: "Word" },
];

/** Exports: JSON downloads directly; the other formats are sent to the account's email. */
export function DataManagementCard() {
  const download = useMutation({
    mutationFn: downloadJsonExport,
    onSuccess: () =>
      toast({ title: "Data Exported", description: "Your data has been downloaded as a JSON file." }),
    onError: (err) => {
      if (!isSessionEndedError(err))
        toast({ title: "Export Failed", description: errorMessage(err), variant: "destructive" });
    },
  });
  const email = useMutation({
    mutationFn: emailExport,
    onSuccess: (res) =>
      toast({ title: "Export Email Sent", description: res?.message || "Check your inbox for the export." }),
    onError: (err) => {
      if (!isSessionEndedError(err))
        toast({ title: "Export Email Failed", description: errorMessage(err), variant: "destructive" });
    },
  });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <Database aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Data Management</CardTitle>
        </div>
        <CardDescription>
          Take a copy of everything you have recorded, for your own files or to share with your child's
          healthcare providers.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Download</h3>
          <p className="text-muted-foreground text-sm">
            A complete JSON file of your records, saved by your browser.
          </p>
          <div>
            <Button onClick={() => download.mutate()} disabled={download.isPending}>
              <FileDown aria-hidden="true" />
              {download.isPending ? "Exporting..." : "Export JSON"}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Send by email</h3>
          <p className="text-muted-foreground text-sm">
            A spreadsheet or document of your records, sent to your account's email address.
          </p>
          <div className="flex flex-wrap gap-2">
            {EMAIL_FORMATS.map(({ format, label }) => {
              const sending = email.isPending && email.variables === format;
              return (
                <Button
                  key={format}
                  variant="outline"
                  onClick={() => email.mutate(format)}
                  disabled={email.isPending}
                >
                  <Mail aria-hidden="true" />
                  {sending ? "Sending..." : `Email ${label}`}
                </Button>
              );
            })}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
