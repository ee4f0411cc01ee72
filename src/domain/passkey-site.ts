// Imports nothing: the sign-in page reads it, and its first download stays small.

/**
 * Why passkeys cannot work at a bare address: WebAuthn's relying party id is a domain, and
 * browsers refuse an IP address ("127.0.0.1 is an invalid domain"). Says where they work instead:
 * `localhost` on the server itself (with the port the page used), or the name in PUBLIC_URL.
 */
export function passkeyAddressProblem(address: { hostname: string; port: string; protocol: string }): string {
  const port = address.port ? `:${address.port}` : "";
  return `Passkeys need this server's name, not its address (${address.hostname}). Open it at ${address.protocol}//localhost${port} on the server itself, or at the name set in PUBLIC_URL.`;
}

/** Whether a host name is an IP address (v4, or v6 in brackets or bare): no passkey there. */
export function isAddressHost(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(":") || hostname.startsWith("[");
}
