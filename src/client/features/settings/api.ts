import { apiRequest, requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import { toDateOnly } from "@/client/lib/format";
import type { ProfileInput } from "@/domain/auth";

export type EmailExportFormat = "csv" | "excel" | "pdf" | "word";

interface MessageResponse {
  message: string;
}

export function updateProfile(input: ProfileInput): Promise<AuthUser> {
  return requestJson<AuthUser>("PUT", "/api/profile", input);
}

/** Downloads all of the account's data as 'tpn-tracker-export-{yyyy-MM-dd}.json'. */
export async function downloadJsonExport(): Promise<void> {
  const res = await apiRequest("GET", "/api/account/export");
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = `tpn-tracker-export-${toDateOnly()}.json`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export function emailExport(format: EmailExportFormat): Promise<MessageResponse> {
  return requestJson<MessageResponse>("POST", "/api/account/export-email", { format });
}

export function deleteChildProfile(): Promise<MessageResponse> {
  return requestJson<MessageResponse>("DELETE", "/api/account/child-profile");
}

export function deleteAccount(): Promise<MessageResponse> {
  return requestJson<MessageResponse>("DELETE", "/api/account/user");
}
