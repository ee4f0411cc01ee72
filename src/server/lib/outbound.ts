import { type LookupAddress, lookup } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Requests the server sends to an address a person typed (their ntfy server, their browser's push
 * endpoint). Such an address could name the server's own machine or the networks around it (a
 * database, a router, the cloud's metadata service at 169.254.169.254): server-side request
 * forgery. So no request reaches an internal address unless the operator allowed the host by name,
 * and the address checked is the one connected to: a name is resolved by the connection itself,
 * through `guardedLookup`, so a name that changes its answer between a check and the connection
 * (DNS rebinding) gains nothing.
 */

/** Address ranges that are not the public internet (RFC 6890's special-purpose registries). */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network": 0.0.0.0 reaches this machine (RFC 1122)
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // shared address space behind carrier NAT (RFC 6598)
  ["127.0.0.0", 8], // loopback (RFC 1122)
  ["169.254.0.0", 16], // link-local, the cloud metadata service (RFC 3927)
  ["172.16.0.0", 12], // private (RFC 1918)
  ["192.0.0.0", 24], // IETF protocol assignments (RFC 6890)
  ["192.168.0.0", 16], // private (RFC 1918)
  ["198.18.0.0", 15], // benchmarking networks (RFC 2544)
  ["224.0.0.0", 4], // multicast (RFC 5771)
  ["240.0.0.0", 4], // reserved, and the broadcast address (RFC 1112)
] as const) {
  INTERNAL.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and IPv4-compatible addresses (RFC 4291)
  ["fc00::", 7], // unique local, AWS's metadata service fd00:ec2::254 (RFC 4193)
  ["fe80::", 10], // link-local (RFC 4291)
  ["ff00::", 8], // multicast (RFC 4291)
] as const) {
  INTERNAL.addSubnet(network, prefix, "ipv6");
}

/** An IPv6 address's eight 16-bit groups (a trailing dotted IPv4 read as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill("0"), ...back];
  return groups.map((group) => Number.parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * Whether an IP address is not on the public internet: loopback, private, link-local (the metadata
 * services), shared, multicast or reserved, however it is written (an IPv4 address inside IPv6,
 * mapped `::ffff:127.0.0.1`, NAT64 `64:ff9b::/96` or 6to4 `2002::/16`, is judged as that IPv4).
 * Anything that is not an IP address counts as internal.
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, "ipv4");
  if (family !== 6) return true;
  if (INTERNAL.check(address, "ipv6")) return true;
  const groups = ipv6Groups(address);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return INTERNAL.check(ipv4Of(groups[6] ?? 0, groups[7] ?? 0), "ipv4");
  }
  if (groups[0] === 0x2002) return INTERNAL.check(ipv4Of(groups[1] ?? 0, groups[2] ?? 0), "ipv4");
  return false;
}

/** A URL's host as compared with an allowed host: lower case, an IPv6 address without brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/**
 * Whether a URL names an internal address or this machine by itself, before any name is
 * resolved (an address, `localhost`): what can be refused as soon as it is given. A name that
 * resolves to an internal address is refused when a request connects.
 */
export function namesInternalHost(url: URL, allowedHosts: readonly string[] = []): boolean {
  const host = bareHost(url);
  if (allowedHosts.includes(host)) return false;
  if (isIP(host)) return isInternalAddress(host);
  const name = host.replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/** A request refused because its address is internal (the reason is for the log, never an answer). */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
  constructor() {
    super("The address is on this server's own network");
  }
}

/**
 * Resolves a name as the connection asks, and gives it only public addresses: a name with any
 * internal address is refused (OutboundRefused), so the address connected to is one checked here.
 */
const guardedLookup = ((hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    if (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address)))
      return callback(new OutboundRefused(), "", 0);
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
}) as LookupFunction;

export interface OutboundPost {
  headers: Record<string, string>;
  body: string | Uint8Array;
  /** Past it, the request is given up (an AbortError). */
  timeoutMs: number;
  /** Hosts the operator allowed although they are internal (NTFY_ALLOWED_HOSTS), compared by name. */
  allowedHosts: readonly string[];
}

/**
 * POSTs `body` to `url` (http or https) and answers the response's status, its body left unread.
 * No redirect is followed. Rejects with OutboundRefused for an internal address (given as an
 * address, or a name resolving to one when connecting), unless the host is allowed by name; with
 * the connection's error otherwise.
 */
export function postOutside(url: URL, options: OutboundPost): Promise<number> {
  return new Promise((resolve, reject) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") return reject(new OutboundRefused());
    const allowed = options.allowedHosts.includes(bareHost(url));
    const host = bareHost(url);
    if (!allowed && isIP(host) && isInternalAddress(host)) return reject(new OutboundRefused());
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: "POST",
        headers: options.headers,
        // Every request connects afresh, through the check (no kept-alive socket to reuse).
        agent: false,
        ...(allowed ? {} : { lookup: guardedLookup }),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
