import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the local ntfy server took. */
export interface NtfyRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The JSON body (ntfy's JSON publishing). */
  body: Record<string, unknown>;
}

/**
 * A local stand-in for an ntfy server on 127.0.0.1: keeps each request it is sent and answers 200
 * (as ntfy does for a published message), or the status `answer` sets.
 */
export async function startNtfyServer() {
  const received: NtfyRequest[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        // Not JSON: kept empty, which the test's expectations will show.
      }
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization,
        contentType: request.headers["content-type"],
        body,
      });
      response
        .writeHead(status, { "content-type": "application/json" })
        .end(status === 200 ? '{"id":"x"}' : "{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(value: number) {
      status = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type NtfyServer = Awaited<ReturnType<typeof startNtfyServer>>;
