import { useEffect, useState } from 'react';
import styles from './VietQrActions.module.css';

export const vietQrActionsText = {
  copy: 'Sao chép',
  copied: (what: string) => `Đã sao chép ${what}`,
  copyFailed: 'Không sao chép được: hãy giữ ngón tay trên nội dung để sao chép.',
  saveQr: 'Lưu mã QR',
};

/** How long "Đã sao chép …" stays on screen. */
const COPIED_MS = 3_000;
/** The saved image's side, in pixels: large enough for a bank app to read it from the gallery. */
const QR_PNG_SIZE = 600;
/** A QR image that has not loaded by then is saved as it is (SVG). */
const QR_LOAD_TIMEOUT_MS = 3_000;

/**
 * A transfer detail (account number, transfer content) kept whole on one line, and "Sao chép" after it: copies
 * the value to the clipboard and says so. The button's accessible name says what it copies ("Sao chép số tài khoản").
 */
export function CopyableValue({ value, what, emphasis = false }: { value: string; what: string; emphasis?: boolean }) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      // no clipboard (an http page, a refused permission): the value stays on screen to copy by hand
      setOutcome('failed');
    }
  };

  return (
    <span className={styles.copyable}>
      <span className={styles.value}>{emphasis ? <strong>{value}</strong> : value}</span>
      <button type="button" className={styles.button} onClick={() => void copy()}>
        {vietQrActionsText.copy}
        <span className={styles.hidden}> {what}</span>
      </button>
      <span role="status" className={outcome === 'failed' ? styles.failed : styles.copied}>
        {outcome === 'copied' && vietQrActionsText.copied(what)}
        {outcome === 'failed' && vietQrActionsText.copyFailed}
      </span>
    </span>
  );
}

/** The QR drawn on a white square as a PNG (what a phone's gallery and bank apps read), as an object URL. */
function pngOf(svgDataUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const timer = setTimeout(() => reject(new Error('QR image not loaded')), QR_LOAD_TIMEOUT_MS);
    image.onload = () => {
      clearTimeout(timer);
      const canvas = document.createElement('canvas');
      canvas.width = QR_PNG_SIZE;
      canvas.height = QR_PNG_SIZE;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no canvas'));
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, QR_PNG_SIZE, QR_PNG_SIZE);
      context.drawImage(image, 0, 0, QR_PNG_SIZE, QR_PNG_SIZE);
      canvas.toBlob((blob) => (blob ? resolve(URL.createObjectURL(blob)) : reject(new Error('no PNG'))), 'image/png');
    };
    image.onerror = () => {
      clearTimeout(timer);
      reject(new Error('QR image not loaded'));
    };
    image.src = svgDataUrl;
  });
}

/** Downloads the QR as `<fileName>.png`, or as the SVG it came as when the browser cannot draw it. */
export async function saveQrImage(svgDataUrl: string, fileName: string): Promise<void> {
  let href = svgDataUrl;
  let name = `${fileName}.svg`;
  try {
    href = await pngOf(svgDataUrl);
    name = `${fileName}.png`;
  } catch {
    // keep the SVG
  }
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  if (href.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The file name of a saved QR: "vietqr-" and the transfer content, letters and digits only. */
export function qrFileName(transferContent: string): string {
  return `vietqr-${transferContent.trim().replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/** "Lưu mã QR": the QR into the phone's downloads, to open from the bank app. */
export function SaveQrButton({ imageDataUrl, transferContent }: { imageDataUrl: string; transferContent: string }) {
  return (
    <button type="button" className={styles.button} onClick={() => void saveQrImage(imageDataUrl, qrFileName(transferContent))}>
      {vietQrActionsText.saveQr}
    </button>
  );
}
