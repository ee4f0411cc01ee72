/**
 * What the uploader says when a file could not be sent (spec section 8): a 401 needs a new
 * sign-in, a refusal with a message shows the message (S3 answers in XML), an expired URL says so,
 * and no answer at all is most likely a network or firewall problem.
 */
export function uploadErrorMessage(status: number, body: string): string {
  if (status === 0) {
    return "This looks like a network error, the endpoint might be blocked by an internet provider or a firewall.";
  }
  if (status === 401) return "Authorization required";
  const message = messageOf(body);
  if (/expired/i.test(message ?? "")) return "Request has expired";
  if (status >= 400 && status < 500 && message) return message;
  return "The upload failed. Please try again.";
}

function messageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed &&
      typeof parsed === "object" &&
      typeof (parsed as { message?: unknown }).message === "string"
    ) {
      return (parsed as { message: string }).message;
    }
  } catch {
    // S3 and S3-compatible servers answer in XML.
  }
  return /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
}
