import { BarcodeFormat, QRCodeWriter } from '@zxing/library';
import { decodeQrPixels } from '../../src/checkInScan/qrFrameReader';

/** A QR drawn as RGBA pixels (black modules on white), as a camera frame of a phone screen would give. */
function qrPixels(text: string, side: number): Uint8ClampedArray {
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, side, side, new Map());
  const rgba = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const value = matrix.get(x, y) ? 0 : 255;
      rgba.set([value, value, value, 255], (y * side + x) * 4);
    }
  }
  return rgba;
}

describe('the library fallback that reads a QR where the browser has no BarcodeDetector', () => {
  it('reads a check-in code from a frame', async () => {
    const code = 'EVCI1.4821.3.Qk1zYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo0NTY3';
    expect(await decodeQrPixels(qrPixels(code, 300), 300, 300)).toBe(code);
  });

  it('answers null for a frame without a QR', async () => {
    expect(await decodeQrPixels(new Uint8ClampedArray(200 * 200 * 4).fill(255), 200, 200)).toBeNull();
  });
});
