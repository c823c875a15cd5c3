import type SharpLibrary from 'sharp';

let library: Promise<typeof SharpLibrary> | null = null;

/**
 * sharp (libvips), loaded on a process's first image rather than at start: most requests never touch one, and
 * libvips maps tens of megabytes. No operation cache and one libvips worker thread, in the API's process and the
 * image encoder's alike (decision 0022).
 */
export function loadSharp(): Promise<typeof SharpLibrary> {
  library ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return library;
}
