import { createApiClient } from "./api-client";

/**
 * Measures API latency against a running server (loopback only), with a demo family created
 * through the API first. Bounded: a fixed number of requests per endpoint.
 *   npm run bench -- [base-url] [requests-per-endpoint] [concurrency]
 * Defaults: http://127.0.0.1:3000, 400, 4.
 */
const base = process.argv[2] ?? "http://127.0.0.1:3000";
const total = Number(process.argv[3] ?? 400);
const concurrency = Number(process.argv[4] ?? 4);
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base))
  throw new Error("bench only targets this machine");

const call = createApiClient(base);

await call("POST", "/api/auth/register", {
  email: `bench-${Date.now()}@example.org`,
  password: "benchmark password 1",
});
const child = await call("POST", "/api/children", { name: "Bench" });
for (let i = 0; i < 365; i++) {
  const date = new Date(Date.UTC(2025, 0, 1) + i * 864e5).toISOString().slice(0, 10);
  await call("POST", "/api/tpn", { childId: child.id, date, calories: "850", volume: "1200", duration: 12 });
}

async function measure(name: string, run: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await run(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(44)} p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  ${(total / seconds).toFixed(0)} req/s`,
  );
}

console.log(`${total} requests per endpoint, ${concurrency} at a time, against ${base}`);
await measure("GET /api/tpn?childId= (365 entries)", () => call("GET", `/api/tpn?childId=${child.id}`));
await measure("GET /api/dashboard/stats", () => call("GET", "/api/dashboard/stats"));
await measure("POST /api/symptoms", (i) =>
  call("POST", "/api/symptoms", { date: "2026-11-20", symptoms: `fever ${i}`, painLevel: 4 }),
);
await measure("GET /api/symptoms (growing list)", () => call("GET", "/api/symptoms"));
