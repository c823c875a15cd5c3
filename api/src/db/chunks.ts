/**
 * Rows per statement for writes and `in (...)` lists of unbounded length: SQLite refuses more than 32,766 bound
 * values in a statement and PostgreSQL's protocol counts them in 16 bits, so a list of thousands of ids or rows
 * goes in slices (at most ~40 columns a row at this size).
 */
export const ROWS_PER_STATEMENT = 500;

/** The list in consecutive slices of at most `size` items. */
export function chunksOf<T>(items: readonly T[], size: number = ROWS_PER_STATEMENT): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('chunk size must be a positive integer');
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** `work` on each slice of at most `size` items, one after another; the answers in order. */
export async function inChunks<T, R>(items: readonly T[], work: (chunk: T[]) => Promise<R>, size: number = ROWS_PER_STATEMENT): Promise<R[]> {
  const answers: R[] = [];
  for (const chunk of chunksOf(items, size)) answers.push(await work(chunk));
  return answers;
}

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
