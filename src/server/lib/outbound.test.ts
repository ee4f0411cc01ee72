import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isInternalAddress, OutboundRefused, postOutside } from "./outbound";

describe("isInternalAddress", () => {
  it("finds loopback, private, link-local, metadata and other non-public addresses, however written", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::127.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b::10.0.0.1",
      "2002:a9fe:a9fe::1",
      "fd00:ec2::254",
      "fc00::1",
      "fe80::1",
      "ff02::1",
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
  });

  it("lets public addresses through", () => {
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700:4700::1111",
      "64:ff9b::808:808",
      "::ffff:8.8.8.8",
    ]) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });
});

describe("a POST to an address a person gave", () => {
  let port = 0;
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(`${request.method} ${request.headers.host}`);
    request.resume();
    request.on("end", () => response.writeHead(201).end("{}"));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (url: string, allowedHosts: readonly string[] = []) =>
    postOutside(new URL(url), { headers: {}, body: "{}", timeoutMs: 2000, allowedHosts });

  it("never reaches this machine or its networks, by address or by a name resolved when connecting", async () => {
    for (const host of ["127.0.0.1", "localhost", "2130706433", "127.1", "0.0.0.0", "[::ffff:127.0.0.1]"]) {
      await expect(post(`http://${host}:${port}/`), host).rejects.toBeInstanceOf(OutboundRefused);
    }
    await expect(post("http://169.254.169.254/latest/meta-data/")).rejects.toBeInstanceOf(OutboundRefused);
    expect(received).toEqual([]);
  });

  it("reaches a host the operator allowed by name, and answers its status", async () => {
    expect(await post(`http://127.0.0.1:${port}/`, ["127.0.0.1"])).toBe(201);
    expect(await post(`http://localhost:${port}/`, ["localhost"])).toBe(201);
    // Allowing one name allows no other spelling of the same address.
    await expect(post(`http://127.1:${port}/`, ["localhost"])).rejects.toBeInstanceOf(OutboundRefused);
    expect(received).toHaveLength(2);
  });
});
