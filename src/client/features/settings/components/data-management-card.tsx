import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Database, FileDown, Mail } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useChildren } from "@/client/lib/children-api";
import { useCan } from "@/client/lib/permissions";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import {
  EMAIL_FORMATS,
  type EmailFormat,
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportScope,
  FORMAT_LABELS,
} from "@/domain/exports";
import { downloadExport, emailExport } from "../api";
import { RestoreExport } from "./restore-export";

const ALL = "all";
/** What each download is for, under its button. */
const FORMAT_HINTS: Record<ExportFormat, string> = {
  backup: "Everything with the photos (.zip), to keep or restore",
  json: "Every record as one file, without photos",
  csv: "A zip of spreadsheets, one per section",
  excel: "One workbook, a sheet per section",
  pdf: "A report that opens with a care summary",
  word: "The same report, to edit",
  fhir: "For hospital systems (FHIR R4)",
};

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const failed = (title: string) => (err: unknown) => {
  if (!isSessionEndedError(err)) toast({ title, description: errorMessage(err), variant: "destructive" });
};

/** Which records the exports hold: one child or all, and an optional date range. */
function ExportScopeFields({
  scope,
  onChange,
}: {
  scope: ExportScope;
  onChange: (scope: ExportScope) => void;
}) {
  const { data: children = [] } = useChildren();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-2 font-medium">What to include</legend>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="export-child">Child</Label>
        <Select
          value={scope.childId ?? ALL}
          onValueChange={(v) => onChange({ ...scope, childId: v === ALL ? undefined : v })}
        >
          <SelectTrigger id="export-child">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All children</SelectItem>
            {children.map((child) => (
              <SelectItem key={child.id} value={child.id}>
                {child.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="export-from">From</Label>
        <Input
          id="export-from"
          type="date"
          value={scope.from ?? ""}
          onChange={(e) => onChange({ ...scope, from: e.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="export-to">To</Label>
        <Input
          id="export-to"
          type="date"
          value={scope.to ?? ""}
          onChange={(e) => onChange({ ...scope, to: e.target.value || undefined })}
        />
      </div>
    </fieldset>
  );
}

/**
 * Exports: every format as a download, the spec's four by email, and (for the family's owner)
 * restore from a backup or a JSON export.
 */
export function DataManagementCard() {
  const queryClient = useQueryClient();
  // Exports read; a restore adds to the family's records, which only its owner may do.
  const canManage = useCan("manage");
  const [scope, setScope] = useState<ExportScope>({});
  const [received, setReceived] = useState(0);
  const download = useMutation({
    mutationFn: (format: ExportFormat) => {
      setReceived(0);
      return downloadExport(format, scope, { onProgress: setReceived });
    },
    onSuccess: (_result, format) =>
      toast({
        title: "Data Exported",
        description: `Your data has been downloaded as ${FORMAT_LABELS[format]}.`,
      }),
    onError: failed("Export Failed"),
  });
  const email = useMutation({
    mutationFn: (format: EmailFormat) => emailExport(format, scope),
    onSuccess: (res) =>
      toast({ title: "Export Email Sent", description: res?.message || "Check your inbox for the export." }),
    onError: failed("Export Email Failed"),
  });

  return (
    <Card id="exports" className="scroll-mt-20">
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
      <CardContent className="flex flex-col gap-6">
        <ExportScopeFields scope={scope} onChange={setScope} />
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Download</h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {EXPORT_FORMATS.map((format) => {
              const busy = download.isPending && download.variables === format;
              return (
                <li key={format} className="flex flex-col gap-1">
                  <Button
                    variant={format === "backup" ? "default" : "outline"}
                    onClick={() => download.mutate(format)}
                    disabled={download.isPending}
                    aria-busy={busy || undefined}
                  >
                    <FileDown aria-hidden="true" />
                    {busy
                      ? `Preparing...${received ? ` ${megabytes(received)}` : ""}`
                      : `Export ${FORMAT_LABELS[format]}`}
                  </Button>
                  <span className="text-muted-foreground text-xs">{FORMAT_HINTS[format]}</span>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Send by email</h3>
          <p className="text-muted-foreground text-sm">
            A spreadsheet or document of your records, sent to your account's email address.
          </p>
          <div className="flex flex-wrap gap-2">
            {EMAIL_FORMATS.map((format) => (
              <Button
                key={format}
                variant="outline"
                onClick={() => email.mutate(format)}
                disabled={email.isPending}
              >
                <Mail aria-hidden="true" />
                {email.isPending && email.variables === format
                  ? "Sending..."
                  : `Email ${FORMAT_LABELS[format]}`}
              </Button>
            ))}
          </div>
        </div>
        {canManage ? <RestoreExport onRestored={() => queryClient.invalidateQueries()} /> : null}
      </CardContent>
    </Card>
  );
}
