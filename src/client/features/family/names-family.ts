/**
 * Whether what was typed to confirm a family's deletion names it: spaces around and letter case
 * aside (a phone's keyboard capitalises the first letter by itself), every other character counts.
 */
export function namesFamily(typed: string, familyName: string): boolean {
  const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLocaleLowerCase();
  return normal(typed) !== "" && normal(typed) === normal(familyName);
}
