/**
 * The values of an `in (...)` list padded to a power of two by repeating the last one (the same rows match): lists
 * of any length then share a few SQL texts, so the prepared-statement cache keeps a few statements, not one per length.
 */
export function paddedInList<T>(values: readonly T[]): T[] {
  if (values.length === 0) return [];
  let size = 1;
  while (size < values.length) size *= 2;
  const padded = [...values];
  while (padded.length < size) padded.push(values[values.length - 1]!);
  return padded;
}
