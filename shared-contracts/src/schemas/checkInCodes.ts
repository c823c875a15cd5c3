import { z } from 'zod';
import { CHECK_IN_CODE_MAX } from '../backoffice/checkInCodeRules';
import { textInput } from './primitives';

/**
 * QR check-in (issue 49): the booking confirmation carries a QR of a signed booking reference; the counter scans it
 * (camera or a USB scanner typing into the search box) and opens that appointment's check-in.
 *
 * GET /api/appointments/:id/check-in-code (the booking's customer) → CheckInCode;
 * POST /api/staff/check-in-codes/resolve { code } (staff of the booking's centre) → ResolvedCheckInCode, or a
 * Vietnamese 4xx: forged/unreadable 400, another centre's 404, cancelled or already checked in 409.
 */

// The prefix and its test live zod-free (the counter's bundle reads them); re-exported here for the API.
export { CHECK_IN_CODE_MAX, CHECK_IN_CODE_PREFIX, CHECK_IN_QUERY_PARAM, looksLikeCheckInCode } from '../backoffice/checkInCodeRules';

export const checkInCodeSchema = z.object({
  appointmentId: z.number().int().positive(),
  /** The text the QR carries. */
  code: z.string().min(1),
  /** The QR of `code` as an image (data:image/svg+xml), drawn by the API so the browsers carry no QR encoder. */
  qrImageDataUrl: z.string().startsWith('data:image/'),
});
export type CheckInCode = z.infer<typeof checkInCodeSchema>;

export const resolveCheckInCodeInputSchema = z.object({
  code: textInput({ trim: true, error: 'Vui lòng quét hoặc nhập mã check-in.' }).min(1, 'Vui lòng quét hoặc nhập mã check-in.').max(CHECK_IN_CODE_MAX, 'Mã QR không hợp lệ.'),
});
export type ResolveCheckInCodeInput = z.infer<typeof resolveCheckInCodeInputSchema>;

export const resolvedCheckInCodeSchema = z.object({
  appointmentId: z.number().int().positive(),
  centreId: z.number().int().positive(),
  /** Where the counter goes next: that appointment's check-in on the day view. */
  checkInPath: z.string().min(1),
});
export type ResolvedCheckInCode = z.infer<typeof resolvedCheckInCodeSchema>;
