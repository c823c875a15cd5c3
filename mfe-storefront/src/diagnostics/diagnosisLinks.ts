import type { DiagnosisDto } from 'shared-contracts/diagnostics';

/**
 * The booking wizard pre-filled from a diagnosis: /booking?service=<slug>&service=<slug>…[&vehicleId=<id>], the
 * services of the ranked components once each, most likely first. The wizard has no field for symptoms (the
 * appointment API takes none), so they are not carried.
 */
export function bookingLinkFor(ranked: DiagnosisDto['ranked'], vehicleId: number | null): string {
  const query = new URLSearchParams();
  for (const slug of new Set(ranked.map((item) => item.serviceSlug))) query.append('service', slug);
  if (vehicleId !== null) query.set('vehicleId', String(vehicleId));
  const text = query.toString();
  return text ? `/booking?${text}` : '/booking';
}

/** A tel: link for a number as people write it ('1900 6868' → 'tel:19006868'). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
