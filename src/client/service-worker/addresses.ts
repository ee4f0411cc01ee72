/**
 * Which addresses the service worker answers, and how: pure, so it is tested without a worker.
 */

/** The page every screen starts from, kept by the worker: the build's index.html. */
export const SHELL_URL = "/index.html";

/**
 * The server's own paths, never a screen of the app: the API (sign-out and sign-in are
 * navigations to `/api/logout` and `/api/login`), uploaded photos, the built files, and any file
 * by its name (`/manifest.webmanifest`, `/sw.js`). A screen's path has no dot: the app's tokens
 * (`/shared/<token>`, `/act/<token>`) are base64url.
 */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/objects(\/|$)/, /^\/assets\//, /\.[^/]*$/];

/** Whether a navigation to `pathname` opens the app (the kept page when the server is unreachable). */
export function opensAppShell(pathname: string): boolean {
  return !SERVER_PATHS.some((path) => path.test(pathname));
}

/**
 * Answers a gateway gives when the server behind it is down (a reverse proxy's 502, 503, 504): the
 * page the worker keeps serves better than the proxy's error page.
 */
export function serverUnreachable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** A path or address of this site, or the app's start when it names anything else. */
export function ownUrl(url: string | undefined, origin: string): string {
  try {
    const target = new URL(url || "/", origin);
    return target.origin === origin ? target.href : new URL("/", origin).href;
  } catch {
    return new URL("/", origin).href;
  }
}
