import { useQuery } from "@tanstack/react-query";
import { HardDrive } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { formatByteSize } from "@/domain/storage";
import { storageUsageQueryOptions } from "../api";

/** 'Photos use 120 MB of 1 GB', with a bar: how much of the family's storage quota photos take. */
export function StorageCard() {
  const { data, isError } = useQuery(storageUsageQueryOptions);
  const percent = data ? Math.min(100, Math.round((data.usedBytes / data.quotaBytes) * 100)) : 0;
  const text = data
    ? `Photos use ${formatByteSize(data.usedBytes)} of ${formatByteSize(data.quotaBytes)}`
    : isError
      ? "The storage used could not be loaded."
      : "Loading storage...";
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <HardDrive aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Photo Storage</CardTitle>
        </div>
        <CardDescription>Medical photos count against your family's storage space.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p id="photo-storage-text">{text}</p>
        {data && (
          <div
            role="progressbar"
            aria-labelledby="photo-storage-text"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% used`}
            className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className={`h-full rounded-full ${percent >= 90 ? "bg-destructive" : "bg-primary"}`}
              style={{ width: `${Math.max(percent, data.usedBytes > 0 ? 1 : 0)}%` }}
            />
          </div>
        )}
        {data && percent >= 90 && (
          <p className="text-sm text-muted-foreground">
            Storage is almost full. Delete photos you no longer need to make room for new ones.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
