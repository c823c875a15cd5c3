export const OTP_LENGTH = 6;

/** The OTP input keeps digits only and is cut to 6 characters (spec §5). */
export function sanitizeOtp(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}
