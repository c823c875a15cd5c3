import { readdirSync, readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images that cost nothing to send and everything to decode: a few hundred bytes declaring a canvas of an
 * extreme shape or of billions of pixels. Each is a valid file as far as its header goes.
 */

/** A real PNG of `width` × `height` (plain colour: it compresses to under a kilobyte even at 1 × 40,000). */
export function plainPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A real 8 × 8 PNG whose header (IHDR, its CRC recomputed) declares `width` × `height`. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await plainPng(8, 8));
  // Signature (8) + IHDR length (4) + "IHDR" (4): width and height follow, then the CRC of type + data (13 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A real 16 × 16 JPEG whose start-of-frame declares `width` × `height` (at most 65,535 each). */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).jpeg().toBuffer());
  for (let at = 2; at + 9 < jpeg.length; ) {
    if (jpeg[at] !== 0xff) throw new Error('not a JPEG marker');
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame');
}

/** The ids of this process's child processes now (Linux /proc): an image decoded off the API starts one. */
export function childProcessIds(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid) children.push(Number(entry));
    } catch {
      // Gone while listing.
    }
  }
  return children.sort((a, b) => a - b);
}
