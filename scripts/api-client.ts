/**
 * The `name=value` of the session cookie among a response's Set-Cookie headers (as fetch joins
 * them, or as a list): a sign-in also sets the browser's device cookie.
 */
export function sessionCookieOf(setCookie: string | string[] | null | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : (setCookie ?? "").split(/,(?=\s*[^;,=\s]+=)/);
  const found = all.map((c) => c.trim().split(";")[0]!).find((c) => /^(__Host-)?sid=/.test(c));
  if (!found) throw new Error("no session cookie in the answer");
  return found;
}

/** A tiny client of the app's JSON API for developer scripts: keeps the session cookie, throws on errors. */
export function createApiClient(base: string) {
  let cookie = "";
  return async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(base + path, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie && /(^|,\s*)(__Host-)?sid=/.test(setCookie)) cookie = sessionCookieOf(setCookie);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
}
