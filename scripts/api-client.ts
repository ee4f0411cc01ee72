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
    if (setCookie) cookie = setCookie.split(";")[0]!;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
}
