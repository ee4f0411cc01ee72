/**
 * The strings a form starts from: a record's values (null and undefined become ""), or all
 * empty when there is no record. Validation and the way back ("" -> null) are the domain
 * schema's job (src/domain/fields.ts).
 */
export function toFormValues<K extends string>(
  keys: readonly K[],
  record?: Partial<Record<K, string | number | null | undefined>> | null,
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = record?.[key];
    values[key] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}
