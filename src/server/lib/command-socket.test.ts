import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listenForCommands, sendCommand, serverRunsOn } from "./command-socket";

const dataDir = () => mkdtempSync(join(tmpdir(), "mct-sock-"));

describe("the command socket", () => {
  it("runs a command for a process on the same machine, and answers its lines", async () => {
    const dir = dataDir();
    expect(await sendCommand(dir, "backup")).toBeNull();
    expect(await serverRunsOn(dir)).toBe(false);
    let asked = 0;
    const stop = await listenForCommands(
      dir,
      {
        backup: async () => {
          asked += 1;
          return { ok: true, lines: ["Backup made: /data/backups/x.zip"] };
        },
        broken: async () => {
          throw new Error("the disk is full");
        },
      },
      () => {},
    );
    try {
      expect(await serverRunsOn(dir)).toBe(true);
      expect(await sendCommand(dir, "backup")).toEqual({
        ok: true,
        lines: ["Backup made: /data/backups/x.zip"],
      });
      expect(asked).toBe(1);
      expect(await sendCommand(dir, "broken")).toEqual({
        ok: false,
        lines: ["broken failed: the disk is full"],
      });
      expect(await sendCommand(dir, "toString")).toEqual({
        ok: false,
        lines: ['This server does not know the command "toString"'],
      });
    } finally {
      await stop();
    }
    expect(await sendCommand(dir, "backup")).toBeNull();
  });

  it("takes over the socket a stopped server left, and leaves a live server's alone", async () => {
    const dir = dataDir();
    // What a server that lost its process leaves: a file where the socket was.
    writeFileSync(join(dir, "server.sock"), "");
    const first = await listenForCommands(
      dir,
      { ping: async () => ({ ok: true, lines: ["first"] }) },
      () => {},
    );
    const warnings: string[] = [];
    const second = await listenForCommands(
      dir,
      { ping: async () => ({ ok: true, lines: ["second"] }) },
      (message) => warnings.push(message),
    );
    try {
      expect(await sendCommand(dir, "ping")).toEqual({ ok: true, lines: ["first"] });
      expect(warnings).toEqual([expect.stringMatching(/^Another server answers on /)]);
    } finally {
      await second();
      await first();
    }
  });
});
