import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormAlert } from "@/client/components/ui/form-field";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatDateTime } from "@/client/lib/format";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import type { SignedInDevice } from "@/domain/signed-in-devices";
import { signedInDevicesQueryOptions, signOutDevice, signOutOtherDevices } from "../api";

/** "Chrome on Android phone", "Safari on Mac", "Chrome": what the server read of its browser. */
export function deviceTitle(device: Pick<SignedInDevice, "browser" | "device">): string {
  if (device.browser && device.device) return `${device.browser} on ${device.device}`;
  return device.device ?? device.browser ?? "Unknown browser";
}

/**
 * Settings: the phones and computers signed in to the account (browser and system, address, when
 * signed in and last used, "This device"), with "Sign out" for each other one and "Sign out
 * everywhere else". Programs sign in with API tokens instead, listed in the next card.
 */
export function SignedInDevicesCard() {
  const queryClient = useQueryClient();
  const { data: devices, isError } = useQuery(signedInDevicesQueryOptions);
  const [problem, setProblem] = useState<string>();
  const others = devices?.filter((device) => !device.current) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: signedInDevicesQueryOptions.queryKey });
  const signOutOthers = useMutation({
    mutationFn: signOutOtherDevices,
    onMutate: () => setProblem(undefined),
    onSuccess: async ({ signedOut }) => {
      toast({
        title: "Signed out everywhere else",
        description:
          signedOut === 1
            ? "1 other device will need to sign in again."
            : `${signedOut} other devices will need to sign in again.`,
      });
      await refresh();
    },
    onError: (err) => (isSessionEndedError(err) ? undefined : setProblem(errorMessage(err))),
  });

  return (
    <Card id="signed-in-devices" className="scroll-mt-20">
      <CardHeader>
        <div className="flex items-center gap-3">
          <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Signed-in devices</CardTitle>
        </div>
        <CardDescription>
          The phones and computers signed in to your account. Sign out one you do not know, no longer use, or
          have lost. Programs connect with{" "}
          <a href="#api-tokens" className="font-medium text-primary underline underline-offset-4">
            API tokens
          </a>{" "}
          instead, listed below.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormAlert message={problem} />
        {devices === undefined ? (
          <p className="text-muted-foreground text-sm">
            {isError ? "Your signed-in devices could not be loaded." : "Loading signed-in devices..."}
          </p>
        ) : (
          <ul aria-label="Your signed-in devices" className="flex flex-col divide-y rounded-md border">
            {devices.map((device) => (
              <DeviceRow key={device.id} device={device} onSignedOut={refresh} />
            ))}
          </ul>
        )}
        {others.length > 0 ? (
          <Button
            type="button"
            variant="outline"
            className="self-start"
            disabled={signOutOthers.isPending}
            onClick={() => {
              if (window.confirm("Sign out every other device? Each will need to sign in again."))
                signOutOthers.mutate();
            }}
          >
            <LogOut aria-hidden="true" />
            Sign out everywhere else
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeviceRow({ device, onSignedOut }: { device: SignedInDevice; onSignedOut: () => Promise<void> }) {
  const [problem, setProblem] = useState<string>();
  const title = deviceTitle(device);
  const signOut = useMutation({
    mutationFn: () => signOutDevice(device.id),
    onMutate: () => setProblem(undefined),
    onSuccess: async () => {
      toast({ title: "Signed out", description: `${title} will need to sign in again.` });
      await onSignedOut();
    },
    onError: (err) => (isSessionEndedError(err) ? undefined : setProblem(errorMessage(err))),
  });
  return (
    <li className="flex flex-col gap-2 p-3" aria-label={device.current ? `${title}, this device` : title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium text-base">{title}</p>
            {device.current ? <Badge>This device</Badge> : null}
          </div>
          <p className="text-muted-foreground">Signed in {formatDateTime(device.signedInAt)}</p>
          <p className="text-muted-foreground">Last used {formatDateTime(device.lastUsedAt)}</p>
          {device.ip ? <p className="text-muted-foreground">From {device.ip}</p> : null}
        </div>
        {device.current ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" />
            Sign out<span className="sr-only"> {title}</span>
          </Button>
        )}
      </div>
      <FormAlert message={problem} />
    </li>
  );
}
