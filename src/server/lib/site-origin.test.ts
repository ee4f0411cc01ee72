import { describe, expect, it } from "vitest";
import { isHomeHost } from "./site-origin";

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
