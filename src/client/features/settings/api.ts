import { queryOptions } from "@tanstack/react-query";
import { apiRequest, getJson, requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import { saveBlob } from "@/client/lib/download";
import type { ApiToken, ApiTokenInput, CreatedApiToken } from "@/domain/api-tokens";
import type { ProfileInput } from "@/domain/auth";
import type { BackupStatus } from "@/domain/backups";
import type { EmailFormat, ExportFormat, ExportScope, RestoreJobRecord } from "@/domain/exports";
import type { SignedInDevice } from "@/domain/signed-in-devices";
import type { StorageUsage } from "@/domain/storage";
import type {
  RecoveryCodes,
  TwoFactorEnableInput,
  TwoFactorProofInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from "@/domain/two-factor";

interface MessageResponse {
  message: string;
}

/** What the family's photos take of the storage quota; uploads and deletions change it, so it is read anew each visit. */
export const storageUsageQueryOptions = queryOptions({
  queryKey: ["account-storage"],
  queryFn: () => getJson<StorageUsage>("/api/account/storage"),
  staleTime: 0,
});

/** How the server's nightly backups go (owners only): read anew each visit. */
export const backupStatusQueryOptions = queryOptions({
  queryKey: ["backups"],
  queryFn: () => getJson<BackupStatus>("/api/backups"),
  staleTime: 0,
});

/** The person's API tokens in every family, newest first (never their secrets). */
export const apiTokensQueryOptions = queryOptions({
  queryKey: ["api-tokens"],
  queryFn: () => getJson<ApiToken[]>("/api/api-tokens"),
  staleTime: 0,
});

/** Makes a token for the family in use: the answer holds its secret, this once. */
export function createApiToken(input: ApiTokenInput): Promise<CreatedApiToken> {
  return requestJson<CreatedApiToken>("POST", "/api/api-tokens", input);
}

/** Revokes a token at once: the next request sent with it is refused. */
export async function revokeApiToken(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/api-tokens/${encodeURIComponent(id)}`);
}

/** The person's signed-in devices, this one first: read anew each visit (another may sign in). */
export const signedInDevicesQueryOptions = queryOptions({
  queryKey: ["signed-in-devices"],
  queryFn: () => getJson<SignedInDevice[]>("/api/auth/sessions"),
  staleTime: 0,
});

/** Signs one device out: its next request lands on the sign-in page. */
export async function signOutDevice(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/auth/sessions/${encodeURIComponent(id)}`);
}

/** Signs out every device but this one; how many were signed out. */
export function signOutOtherDevices(): Promise<{ signedOut: number }> {
  return requestJson<{ signedOut: number }>("POST", "/api/auth/sessions/sign-out-others");
}

export function updateProfile(input: ProfileInput): Promise<AuthUser> {
  return requestJson<AuthUser>("PUT", "/api/profile", input);
}

/** Mails a new link to confirm the account's email address. */
export function sendConfirmationLink(): Promise<MessageResponse> {
  return requestJson<MessageResponse>("POST", "/api/auth/email-confirmation");
}

/** The export's query: format, child and date range (and photos, for a JSON copy to restore from). */
function exportQuery(format: ExportFormat, scope: ExportScope, includePhotos: boolean) {
  const params = new URLSearchParams({ format });
  if (scope.childId) params.set("childId", scope.childId);
  if (scope.from) params.set("from", scope.from);
  if (scope.to) params.set("to", scope.to);
  if (includePhotos) params.set("photos", "1");
  return params.toString();
}

/** The file name the server chose ('tpn-tracker-export-{yyyy-MM-dd}.json'). */
function fileNameOf(response: Response, fallback: string) {
  return /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
}

/**
 * Downloads an export, telling `onProgress` how many bytes have arrived (a ten-year history takes
 * a moment), then saves it under the server's file name.
 */
export async function downloadExport(
  format: ExportFormat,
  scope: ExportScope,
  {
    includePhotos = false,
    onProgress,
  }: { includePhotos?: boolean; onProgress?: (bytes: number) => void } = {},
): Promise<void> {
  const response = await apiRequest(
    "GET",
    `/api/account/export?${exportQuery(format, scope, includePhotos)}`,
  );
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress?.(received);
    }
  }
  const blob = reader
    ? new Blob(chunks as BlobPart[], { type: response.headers.get("content-type") ?? undefined })
    : await response.blob();
  saveBlob(blob, fileNameOf(response, `tpn-tracker-export.${format}`));
}

export function emailExport(format: EmailFormat, scope: ExportScope = {}): Promise<MessageResponse> {
  return requestJson<MessageResponse>("POST", "/api/account/export-email", { format, ...scope });
}

/** The content type a restore is sent as: a backup is a ZIP, an export is JSON. */
const restoreType = (file: File) =>
  /\.zip$/i.test(file.name) || file.type.includes("zip") ? "application/zip" : "application/json";

/**
 * Starts restoring a backup (.zip) or a JSON export into this account, telling `onUpload` how much
 * of the file has been sent. The server answers once it has checked every record and started
 * writing them (202): the restore then goes on by itself (`getRestore`). An XMLHttpRequest, because
 * fetch() cannot tell how far an upload is.
 */
export function startRestore(
  file: File,
  onUpload: (fraction: number) => void,
  /** The family holds records and the person chose to restore into it anyway. */
  intoFamilyWithRecords = false,
): Promise<RestoreJobRecord> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/account/import${intoFamilyWithRecords ? "?confirm=true" : ""}`);
    request.withCredentials = true;
    request.setRequestHeader("Content-Type", restoreType(file));
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Prefer", "respond-async");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUpload(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300)
        resolve(JSON.parse(request.responseText) as RestoreJobRecord);
      else reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
    };
    request.onerror = () => reject(new TypeError("Network request failed: fetch"));
    request.send(file);
  });
}

/** Whether this family holds records: a restore into it asks first. */
export function getRestoreTarget(): Promise<{ holdsRecords: boolean }> {
  return getJson<{ holdsRecords: boolean }>("/api/account/import/target");
}

/** How far a restore is. */
export function getRestore(id: string): Promise<RestoreJobRecord> {
  return getJson<RestoreJobRecord>(`/api/account/import/${encodeURIComponent(id)}`);
}

/** This account's latest restores, newest first (a restore still writing shows after a reload). */
export function listRestores(): Promise<RestoreJobRecord[]> {
  return getJson<RestoreJobRecord[]>("/api/account/import");
}

export function deleteChildProfile(): Promise<MessageResponse> {
  return requestJson<MessageResponse>("DELETE", "/api/account/child-profile");
}

export function deleteAccount(): Promise<MessageResponse> {
  return requestJson<MessageResponse>("DELETE", "/api/account/user");
}

/** Where the person's two-factor sign-in stands: on, off, or their identity provider's. */
export const twoFactorQueryOptions = queryOptions({
  queryKey: ["auth", "two-factor"],
  queryFn: () => getJson<TwoFactorStatus>("/api/auth/two-factor"),
  staleTime: 0,
});

/** A new secret for the authenticator app (its QR code's address and its key as text). */
export const startTwoFactorSetup = () => requestJson<TwoFactorSetup>("POST", "/api/auth/two-factor/setup");

/** Turns two factors on with the app's first code and the password: the recovery codes, this once. */
export const enableTwoFactor = (input: TwoFactorEnableInput) =>
  requestJson<RecoveryCodes>("POST", "/api/auth/two-factor/enable", input);

export const disableTwoFactor = (proof: TwoFactorProofInput) =>
  requestJson<MessageResponse>("POST", "/api/auth/two-factor/disable", proof);

/** Ten new recovery codes in place of the old ones: shown this once. */
export const renewRecoveryCodes = (proof: TwoFactorProofInput) =>
  requestJson<RecoveryCodes>("POST", "/api/auth/two-factor/recovery-codes", proof);
