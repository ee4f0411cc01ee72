/**
 * Answers of the API the server put into the page (`<script id="page-answers">`, signed in only),
 * by path, as those calls answered when the page was asked for: the first screen renders with them
 * instead of asking after it loads. Read once; each answer is taken once, later asks go to the
 * server.
 */
let answers: Record<string, unknown> | undefined;

function pageAnswers(): Record<string, unknown> {
  if (answers) return answers;
  const element = typeof document === "undefined" ? null : document.getElementById("page-answers");
  element?.remove();
  try {
    answers = element ? (JSON.parse(element.textContent ?? "") as Record<string, unknown>) : {};
  } catch {
    answers = {};
  }
  return answers;
}

/** The page's answer of `GET path`, once; undefined when the page has none (or it was taken). */
export function takePageAnswer<T>(path: string): T | undefined {
  const all = pageAnswers();
  const answer = all[path] as T | undefined;
  delete all[path];
  return answer;
}
