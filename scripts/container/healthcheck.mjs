// The container's health check: healthy when GET /api/health answers 200 (the database answers and
// every migration is applied). No shell or curl needed, so it works on the slimmest base.
const port = process.env.PORT || "3000";
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) console.error(`unhealthy: ${response.status} ${await response.text()}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
