import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past its live size before the next full collection, in percent
 * (docs/decisions/0079-old-generation-grows-by-a-fifth.md). V8's own factor at the API's size is about half its live
 * heap again, garbage that sat in the RSS under load past the memory saver's threshold.
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * Sets V8's `--heap-growing-percent` for the rest of the process (read at each full collection's end). Node refuses
 * it in NODE_OPTIONS, so the API sets it itself at start.
 */
export function limitHeapGrowth(percent: number = HEAP_GROWING_PERCENT, setV8Flags: (flags: string) => void = setFlagsFromString): void {
  setV8Flags(`--heap-growing-percent=${percent}`);
}
