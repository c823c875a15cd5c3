/**
 * A value made on its first use. For Intl formatters at a module's top level: the first Intl object of a page
 * loads the ICU data, a long task on a mid-range phone, which at import time would land in the same task as the
 * shell's whole start-up (docs/decisions/0006-start-up-in-short-tasks.md); made on first use it runs in the render
 * that needs it, and not at all in a bundle that never formats.
 */
export function lazily<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}
