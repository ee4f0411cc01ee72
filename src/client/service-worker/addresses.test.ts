import { describe, expect, it } from "vitest";
import { opensAppShell, ownUrl, serverUnreachable } from "./addresses";

describe("the navigations the worker answers with the app when the server cannot be reached", () => {
  it("opens the app for every screen's path, with its query", () => {
    for (const path of ["/", "/tpn-nutrition", "/settings", "/shared/AbC-_12", "/act/x_Y-z", "/no/such/page"])
      expect(opensAppShell(path), path).toBe(true);
  });

  it("leaves the server's own paths to the server: the API, photos, built files, files by name", () => {
    for (const path of [
      "/api/logout",
      "/api/login",
      "/api",
      "/objects/uploads/3f1c",
      "/objects",
      "/assets/index-AbC.js",
      "/manifest.webmanifest",
      "/sw.js",
      "/theme.js",
      "/app-icon-192.png",
      "/index.html",
    ])
      expect(opensAppShell(path), path).toBe(false);
  });

  it("does not take a screen whose name starts like a server path for one", () => {
    expect(opensAppShell("/apiary")).toBe(true);
    expect(opensAppShell("/objectives")).toBe(true);
  });

  it("treats a gateway's answer for a server that is down as unreachable, and nothing else", () => {
    expect([502, 503, 504].every(serverUnreachable)).toBe(true);
    expect([200, 301, 401, 404, 500].some(serverUnreachable)).toBe(false);
  });
});

describe("the addresses a notification opens", () => {
  const origin = "https://care.example";

  it("keeps this site's paths and addresses", () => {
    expect(ownUrl("/notifications", origin)).toBe("https://care.example/notifications");
    expect(ownUrl("https://care.example/tasks?x=1", origin)).toBe("https://care.example/tasks?x=1");
  });

  it("opens the app's start for another site's address, nothing, or what is no address", () => {
    expect(ownUrl("https://elsewhere.example/phish", origin)).toBe("https://care.example/");
    expect(ownUrl("//elsewhere.example/x", origin)).toBe("https://care.example/");
    expect(ownUrl(undefined, origin)).toBe("https://care.example/");
    expect(ownUrl("http://[bad", origin)).toBe("https://care.example/");
  });
});
