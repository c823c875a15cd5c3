import QRCode from 'qrcode';
import type { VietQrPayment } from 'shared-contracts/schemas';

/**
 * VietQR (NAPAS 247 inter-bank transfer by QR): the EMVCo merchant-presented payload built by hand, and its QR
 * image rendered on the server.
 *
 * Payload = TLV objects (2-digit id, 2-digit length, value) in this order:
 *   00 '01' payload format · 01 '12' dynamic (one amount, one transfer) · 38 merchant account information
 *   { 00 GUID 'A000000727' (NAPAS) · 01 beneficiary { 00 bank BIN · 01 account number } · 02 service
 *   'QRIBFTTA' (transfer to an account) } · 53 '704' (VND) · 54 amount · 58 'VN' · 62 additional data
 *   { 08 purpose of transaction = the transfer content } · 63 CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF)
 *   over everything before it including '6304', 4 upper-case hex digits.
 */
export interface VietQrAccount {
  /** 6-digit NAPAS BIN of the bank (970436 Vietcombank, 970415 VietinBank, ...). */
  bankBin: string;
  accountNumber: string;
  /** As the bank holds it, upper case without diacritics ('CONG TY TNHH EV SERVICE'). */
  accountName: string;
  bankName: string;
}

export interface VietQrTransfer {
  /** Integer VND (> 0). */
  amount: number;
  /** The transfer content (ID 62/08), at most 25 characters: the order code. */
  purpose: string;
}

export const NAPAS_GUID = 'A000000727';
export const VIETQR_SERVICE_TRANSFER_TO_ACCOUNT = 'QRIBFTTA';

/** One TLV data object. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`EMVCo id must be 2 digits: ${id}`);
  if (value.length === 0 || value.length > 99) throw new Error(`EMVCo value of ${id} must be 1–99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE of the string's bytes (UTF-8), 4 upper-case hex digits. */
export function crc16CcittFalse(input: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(input, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Strips Vietnamese diacritics and anything a bank app might refuse in the transfer content. */
export function transferContentOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, 25);
}

/** The EMVCo payload of a transfer of `amount` VND to `account` with `purpose` as its content. */
export function buildVietQrPayload(account: Pick<VietQrAccount, 'bankBin' | 'accountNumber'>, transfer: VietQrTransfer): string {
  if (!/^\d{6}$/.test(account.bankBin)) throw new Error('The bank BIN must be 6 digits');
  if (!/^[A-Za-z0-9]{1,19}$/.test(account.accountNumber)) throw new Error('The account number must be 1–19 letters or digits');
  if (!Number.isInteger(transfer.amount) || transfer.amount <= 0) throw new Error('The amount must be a positive integer (VND)');
  const purpose = transferContentOf(transfer.purpose);
  const beneficiary = tlv('00', account.bankBin) + tlv('01', account.accountNumber);
  const merchantAccount = tlv('00', NAPAS_GUID) + tlv('01', beneficiary) + tlv('02', VIETQR_SERVICE_TRANSFER_TO_ACCOUNT);
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('38', merchantAccount),
    tlv('53', '704'),
    tlv('54', String(transfer.amount)),
    tlv('58', 'VN'),
    purpose ? tlv('62', tlv('08', purpose)) : '',
  ].join('');
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + crc16CcittFalse(withCrcHeader);
}

const QR_IMAGE_CACHE_SIZE = 500;
const qrImages = new Map<string, string>();

/**
 * The QR code of a payload as an SVG data URL (medium error correction, a 4-module quiet zone). The last 500
 * images are kept: an unpaid order's page is opened again and again with the same payload.
 */
export async function qrSvgDataUrl(payload: string): Promise<string> {
  const cached = qrImages.get(payload);
  if (cached) return cached;
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
  if (qrImages.size >= QR_IMAGE_CACHE_SIZE) qrImages.delete(qrImages.keys().next().value as string);
  qrImages.set(payload, dataUrl);
  return dataUrl;
}

/** When an unpaid VietQR order placed at `placedAt` is cancelled (VIETQR_PAYMENT_HOURS later). */
export function paymentDueAt(placedAt: Date | string, paymentHours: number): Date {
  return new Date(new Date(placedAt).getTime() + paymentHours * 3_600_000);
}

/** Everything the customer needs to pay an order by VietQR, before `payBefore`. */
export async function vietQrPayment(account: VietQrAccount, transfer: VietQrTransfer, payBefore: Date): Promise<VietQrPayment> {
  const payload = buildVietQrPayload(account, transfer);
  return {
    payBefore: payBefore.toISOString(),
    payload,
    imageDataUrl: await qrSvgDataUrl(payload),
    bankName: account.bankName,
    bankBin: account.bankBin,
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    amount: transfer.amount,
    transferContent: transferContentOf(transfer.purpose),
  };
}
