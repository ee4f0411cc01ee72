import type { TooSoon } from "@/domain/dose-records";
import { errorStatus } from "./api";

/**
 * The dose given shortly before, when the server answered a dose with the question (409 with
 * `lastDose`); null for any other failure.
 */
export function tooSoonOf(err: unknown): TooSoon | null {
  if (errorStatus(err) !== 409 || !(err instanceof Error)) return null;
  try {
    const body: unknown = JSON.parse(err.message.slice(err.message.indexOf(":") + 1));
    if (!body || typeof body !== "object") return null;
    const { message, lastDose } = body as Partial<TooSoon>;
    if (typeof message !== "string" || !lastDose || typeof lastDose.givenAt !== "string") return null;
    return { message, lastDose: { givenAt: lastDose.givenAt, givenBy: lastDose.givenBy ?? null } };
  } catch {
    return null;
  }
}
