import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import { CHECK_IN_CODE_MAX, CHECK_IN_CODE_PREFIX } from 'shared-contracts/schemas';

/**
 * The signed booking reference a customer shows at the counter (issue 49 §4):
 * `EVCI1.<appointmentId>.<centreId>.<HMAC-SHA256 base64url>`. The key is derived from the app's secret with a label
 * of its own, so a code never verifies as a token or an OTP hash. The code holds no secret: it only proves the
 * shop issued it for that appointment and centre; the resolve route still checks scope and status.
 */
const KEY_LABEL = 'evshop:check-in-code:v1';
const CODE_PATTERN = /^EVCI1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

export interface CheckInCodeRef {
  appointmentId: number;
  centreId: number;
}

export interface CheckInCodes {
  /** The code of an appointment at a centre. */
  codeFor(ref: CheckInCodeRef): string;
  /** The appointment and centre a code names, or null when it is unreadable or its signature is not ours. */
  read(text: string): CheckInCodeRef | null;
}

export function createCheckInCodes(secret: string): CheckInCodes {
  const key = createHmac('sha256', secret).update(KEY_LABEL).digest();
  const sign = (appointmentId: number, centreId: number) => createHmac('sha256', key).update(`${appointmentId}.${centreId}`).digest();
  return {
    codeFor: ({ appointmentId, centreId }) => `${CHECK_IN_CODE_PREFIX}${appointmentId}.${centreId}.${sign(appointmentId, centreId).toString('base64url')}`,
    read(text) {
      const trimmed = text.trim();
      if (trimmed.length > CHECK_IN_CODE_MAX) return null;
      // a scanner typing with caps lock on still sends the prefix upper case; the signature is case-sensitive
      const match = CODE_PATTERN.exec(`${trimmed.slice(0, CHECK_IN_CODE_PREFIX.length).toUpperCase()}${trimmed.slice(CHECK_IN_CODE_PREFIX.length)}`);
      if (!match) return null;
      const appointmentId = Number(match[1]);
      const centreId = Number(match[2]);
      if (!Number.isSafeInteger(appointmentId) || !Number.isSafeInteger(centreId)) return null;
      const given = Buffer.from(match[3]!, 'base64url');
      const expected = sign(appointmentId, centreId);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { appointmentId, centreId };
    },
  };
}

/** The code's QR as an SVG data URL (the pages' <img>), medium error correction for a phone screen held to a camera. */
export async function checkInQrDataUrl(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** The code's QR as a PNG (the email's image: mail clients do not show SVG or data URLs). */
export function checkInQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

/** The confirmation email's QR: the code and the address of its PNG on the site's origin. */
export function checkInForEmail(ctx: { secret: string; publicUrl: string }, appointment: { id: number; centre: { id: number } }): { code: string; imageUrl: string } {
  const code = createCheckInCodes(ctx.secret).codeFor({ appointmentId: appointment.id, centreId: appointment.centre.id });
  return { code, imageUrl: `${ctx.publicUrl}/api/check-in-codes/${encodeURIComponent(code)}/qr.png` };
}
