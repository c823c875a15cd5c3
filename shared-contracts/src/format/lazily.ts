/**
 * A value made on its first use. For Intl formatters at a module's top level: the first Intl object of a page
 * loads the ICU data, 50–150 ms on a mid-range phone (measured in Chromium at 4× CPU), which at import time
 * lands in the same task as the shell's whole start-up; made on first use it runs in the render that needs it,
 * and not at all in a bundle that never formats.
 */
export function lazily<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}
