/**
 * A title's words inside a sentence ("TPN Entry" -> "TPN entry", "Symptoms & Pain" -> "symptoms &
 * pain"): each word lowered, except an acronym (two or more capitals: TPN, PICC, PN), which stays
 * as written. Every message built from a record type's name goes through it.
 */
export function inSentence(title: string): string {
  return title
    .split(/(\s+)/)
    .map((word) =>
      /^[A-Z][A-Z0-9]+s?$/.test(word) && /[A-Z].*[A-Z0-9]/.test(word) ? word : word.toLowerCase(),
    )
    .join("");
}
