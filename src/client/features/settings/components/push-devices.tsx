import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { FormAlert } from "@/client/components/ui/form-field";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { isIosBrowserTab } from "@/client/lib/device";
import { formatCardDate } from "@/client/lib/format";
import {
  type NotificationSettings,
  notificationsQueryKey,
  removePushDevice,
} from "@/client/lib/notifications-api";
import {
  isPushError,
  pushSupported,
  thisDeviceHash,
  turnOffPush,
  turnOnPush,
} from "@/client/lib/push-device";
import { isSessionEndedError } from "@/client/lib/session-expiry";

const thisDeviceQueryKey = [...notificationsQueryKey, "this-device"] as const;

/**
 * Web Push on this device (turn on: the browser asks the permission; turn off) and every device
 * that receives the person's notifications, each removable.
 */
export function PushDevices({ settings }: { settings: NotificationSettings }) {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const { data: hash } = useQuery({
    queryKey: thisDeviceQueryKey,
    queryFn: thisDeviceHash,
    enabled: supported,
    staleTime: 0,
  });
  const [problem, setProblem] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
  const failed = (error: Error) => {
    if (isSessionEndedError(error)) return;
    // What failed, in words: the browser's permission, its push service, or this server.
    setProblem(
      isPushError(error)
        ? error.message
        : `Notifications could not be turned on for this device. ${errorMessage(error)}`,
    );
  };
  const turnOn = useMutation({
    mutationFn: turnOnPush,
    onMutate: () => setProblem(undefined),
    onSuccess: async (device) => {
      toast({ title: "Notifications on", description: `"${device.label}" will show your reminders.` });
      await refresh();
    },
    onError: failed,
  });
  const turnOff = useMutation({
    mutationFn: turnOffPush,
    onMutate: () => setProblem(undefined),
    onSuccess: async () => {
      toast({ title: "Notifications off", description: "This device no longer shows your reminders." });
      await refresh();
    },
    onError: failed,
  });
  const thisDevice = settings.devices.find((device) => device.endpointHash === hash);

  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={problem} />
      {!supported ? (
        <p className="text-muted-foreground text-sm">
          {typeof window !== "undefined" && !window.isSecureContext
            ? "This browser shows notifications only for sites on https: the server needs an https address."
            : "This browser cannot show notifications from a website."}
        </p>
      ) : thisDevice ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-medium text-sm">
            <BellRing aria-hidden="true" className="mr-1 inline size-4 text-primary" />
            On for this device ({thisDevice.label})
          </p>
          <Button variant="outline" size="sm" onClick={() => turnOff.mutate()} disabled={turnOff.isPending}>
            <BellOff aria-hidden="true" />
            Turn off on this device
          </Button>
        </div>
      ) : (
        <Button className="self-start" onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
          <BellRing aria-hidden="true" />
          {turnOn.isPending ? "Waiting for your answer..." : "Turn on for this device"}
        </Button>
      )}
      {supported && isIosBrowserTab() ? (
        <p className="text-muted-foreground text-sm">
          On an iPhone or iPad, add this app to your Home Screen first (Share, then Add to Home Screen), open
          it from there and turn notifications on.
        </p>
      ) : null}
      {settings.devices.length > 0 ? (
        <ul
          aria-label="Devices that receive your notifications"
          className="flex flex-col divide-y rounded-md border"
        >
          {settings.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              current={device.id === thisDevice?.id}
              onRemoved={refresh}
              onError={failed}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DeviceRow({
  device,
  current,
  onRemoved,
  onError,
}: {
  device: NotificationSettings["devices"][number];
  current: boolean;
  onRemoved: () => unknown;
  onError: (error: Error) => void;
}) {
  const remove = useMutation({
    mutationFn: () => (current ? turnOffPush() : removePushDevice(device.id)),
    onSuccess: onRemoved,
    onError,
  });
  const health =
    device.failures > 0
      ? `${device.failures} failed ${device.failures === 1 ? "delivery" : "deliveries"} since the last that arrived`
      : device.lastSuccessAt
        ? `Last reached ${formatCardDate(device.lastSuccessAt)}`
        : "Not reached yet";
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div className="min-w-0">
        <p className="font-medium">
          {device.label}
          {current ? <span className="font-normal text-muted-foreground"> (this device)</span> : null}
        </p>
        <p className={device.failures > 0 ? "text-destructive text-sm" : "text-muted-foreground text-sm"}>
          Added {formatCardDate(device.createdAt)} · {health}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Stop sending notifications to "${device.label}"?`)) remove.mutate();
        }}
      >
        <Trash2 aria-hidden="true" />
        Remove<span className="sr-only"> {device.label}</span>
      </Button>
    </li>
  );
}
