import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { isHomeHost, linkOrigin, requestOrigin } from "./site-origin";

/** A request as the site-origin functions read it: the Host (or a trusted proxy's) and the scheme. */
const request = (host: string | undefined, protocol = "http") => ({ host, protocol }) as FastifyRequest;
const noPublicUrl = { publicUrl: undefined };

describe("isHomeHost", () => {
  it("trusts this machine and home networks", () => {
    for (const host of [
      "localhost",
      "127.0.0.1",
      "10.0.0.7",
      "172.20.1.1",
      "192.168.1.5",
      "[::1]",
      "fd12::5",
      "nas",
      "nas.local",
      "care.lan",
      "pi.home.arpa",
      "box.internal",
    ]) {
      expect(isHomeHost(host), host).toBe(true);
    }
  });

  it("does not trust a public name or address", () => {
    for (const host of [
      "evil.example",
      "care.example.org",
      "8.8.8.8",
      "172.32.0.1",
      "[2001:db8::1]",
      "",
      "localhost.evil.example",
      "a b",
    ]) {
      expect(isHomeHost(host), host).toBe(false);
    }
  });
});

describe("the origin of a link that leaves the app", () => {
  it("is built from a plain host[:port] of this machine or a home network, parsed", () => {
    expect(linkOrigin(noPublicUrl, request("localhost:3960"))).toBe("http://localhost:3960");
    expect(linkOrigin(noPublicUrl, request("127.0.0.1:3960"))).toBe("http://127.0.0.1:3960");
    expect(linkOrigin(noPublicUrl, request("[::1]:3000", "https"))).toBe("https://[::1]:3000");
    expect(linkOrigin(noPublicUrl, request("NAS.local"))).toBe("http://nas.local");
    // The default port is the scheme's: the link leaves it out.
    expect(linkOrigin(noPublicUrl, request("localhost:80"))).toBe("http://localhost");
  });

  it("is none for a Host that is not a plain host[:port]: its link could open another site", () => {
    for (const host of [
      // Reported: a browser opens http://127.0.0.1:3960@evil.example at evil.example.
      "127.0.0.1:3960@evil.example",
      "localhost:1@evil.example",
      "user@localhost",
      "localhost/@evil.example",
      "localhost\\@evil.example",
      "localhost#@evil.example",
      "localhost?@evil.example",
      "localhost:3960:1",
      "localhost:99999",
      "localhost:0",
      "localhost:",
      "local host",
      "localhost\t",
      // Numbers a URL reads as another spelling of an address.
      "127.1",
      "2130706433",
      "0x7f.0.0.1",
      "127.000.000.001",
      "[::ffff:127.0.0.1]",
      "",
      undefined,
    ]) {
      expect(linkOrigin(noPublicUrl, request(host)), String(host)).toBeUndefined();
      expect(requestOrigin(request(host)), String(host)).toBeUndefined();
    }
  });

  it("is none for a public host without PUBLIC_URL, or a scheme other than http(s)", () => {
    expect(linkOrigin(noPublicUrl, request("evil.example"))).toBeUndefined();
    expect(linkOrigin(noPublicUrl, request("care.example.org:443", "https"))).toBeUndefined();
    expect(linkOrigin(noPublicUrl, request("localhost", "javascript"))).toBeUndefined();
    expect(requestOrigin(request("care.example.org", "https"))?.href).toBe("https://care.example.org/");
  });

  it("is PUBLIC_URL when it is set, whatever the request says, and for links sent without one", () => {
    const config = { publicUrl: "https://care.example.org" };
    expect(linkOrigin(config, request("evil.example"))).toBe("https://care.example.org");
    expect(linkOrigin(config, request("127.0.0.1:3960@evil.example"))).toBe("https://care.example.org");
    expect(linkOrigin(config)).toBe("https://care.example.org");
    expect(linkOrigin(noPublicUrl)).toBeUndefined();
  });
});
