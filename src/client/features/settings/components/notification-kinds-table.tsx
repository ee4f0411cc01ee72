import { CHANNELS, type Channel, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from "@/domain/notifications";
import type { NotificationDraft } from "./notification-settings-form";
import { withChannel } from "./notification-settings-form";

const COLUMN_LABELS: Record<Channel, string> = { push: "Devices", ntfy: "ntfy", email: "Email" };

/** Which channels carry each kind of task: a row per kind, a checkbox per channel that is on. */
export function NotificationKindsTable({
  draft,
  onChange,
}: {
  draft: NotificationDraft;
  onChange: (kinds: NotificationDraft["kinds"]) => void;
}) {
  const on: Record<Channel, boolean> = { push: draft.push, ntfy: draft.ntfyEnabled, email: draft.email };
  const columns = CHANNELS.filter((channel) => on[channel]);
  if (columns.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        Turn on a channel above to choose which reminders it carries. The inbox always has them all.
      </p>
    );
  }
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Which reminders go where</caption>
      <thead>
        <tr className="border-b text-left">
          <th scope="col" className="py-2 pr-2 font-medium">
            Kind of task
          </th>
          {columns.map((channel) => (
            <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-medium">
              {COLUMN_LABELS[channel]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_KINDS.map((kind) => (
          <tr key={kind} className="border-b last:border-b-0">
            <th scope="row" className="py-2 pr-2 text-left font-normal">
              {NOTIFICATION_KIND_LABELS[kind]}
            </th>
            {columns.map((channel) => (
              <td key={channel} className="px-1 py-1 text-center">
                <label className="inline-flex size-11 cursor-pointer items-center justify-center">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={draft.kinds[kind].includes(channel)}
                    aria-label={`${NOTIFICATION_KIND_LABELS[kind]} by ${COLUMN_LABELS[channel]}`}
                    onChange={(event) =>
                      onChange({
                        ...draft.kinds,
                        [kind]: withChannel(draft.kinds[kind], channel, event.target.checked),
                      })
                    }
                  />
                </label>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
