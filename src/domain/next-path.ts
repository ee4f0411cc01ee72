/**
 * Where a person goes after signing in: the `next` a sign-in link or form carries, only when it is
 * a path of this site. Anything that a browser could read as another site (`//host`, `/\host`, a
 * scheme such as `https:` or `javascript:`), or that holds a control character, falls back to the
 * dashboard, so a sign-in link can never send anyone elsewhere (OWASP Unvalidated Redirects and
 * Forwards Cheat Sheet).
 */
export const DEFAULT_NEXT = "/";

const MAX_NEXT_LENGTH = 2000;

export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_NEXT_LENGTH) return DEFAULT_NEXT;
  if (!next.startsWith("/")) return DEFAULT_NEXT;
  // A second slash or a backslash after the first makes it protocol-relative in browsers.
  if (next[1] === "/" || next[1] === "\\") return DEFAULT_NEXT;
  // Control characters (tabs and newlines are dropped by URL parsers, which turns "/\t/host" into "//host").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(next)) return DEFAULT_NEXT;
  // A backslash anywhere is read as a slash by browsers; a path of ours never needs one.
  if (next.includes("\\")) return DEFAULT_NEXT;
  try {
    const base = "http://this.site.invalid";
    const url = new URL(next, base);
    if (url.origin !== base) return DEFAULT_NEXT;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_NEXT;
  }
}
