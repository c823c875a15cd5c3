/**
 * Reads a QR from a camera frame: the browser's BarcodeDetector where it has one (Chrome, Edge, Android), else
 * @zxing/library, loaded only then (its own chunk, bundled: nothing is fetched from another site).
 */
export type QrFrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

async function nativeReader(): Promise<QrFrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const formats = (await Detector.getSupportedFormats?.().catch(() => [])) ?? ['qr_code'];
  if (!formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

/** Luminance of RGBA pixels (green-weighted like zxing's own). */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < out.length; i += 1, p += 4) out[i] = (rgba[p]! + 2 * rgba[p + 1]! + rgba[p + 2]!) >> 2;
  return out;
}

/** Decodes a QR from RGBA pixels with zxing (null when there is none). */
export async function decodeQrPixels(rgba: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = await import(/* webpackChunkName: "qr-decoder" */ '@zxing/library');
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminanceOf(rgba, width, height), width, height)));
    return new QRCodeReader().decode(bitmap).getText();
  } catch {
    // NotFound, Checksum or Format: no readable QR in this frame
    return null;
  }
}

/** The largest side of the frame zxing reads: a phone's QR fills enough of it, and the counter PC stays quick. */
const MAX_SIDE = 640;

function libraryReader(): QrFrameReader {
  const canvas = document.createElement('canvas');
  return async (video) => {
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (width === 0 || height === 0) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    return decodeQrPixels(context.getImageData(0, 0, width, height).data, width, height);
  };
}

export async function createQrFrameReader(): Promise<QrFrameReader> {
  return (await nativeReader().catch(() => null)) ?? libraryReader();
}
