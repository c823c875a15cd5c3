import type { DiagnosisDto } from 'shared-contracts/diagnostics';

/**
 * The booking wizard pre-filled from a diagnosis: /booking?service=<slug>&service=<slug>…&symptom=<code>…[&vehicleId=<id>],
 * the services of the ranked components once each, most likely first, and the symptoms the answer rests on (those
 * picked and those found in the text), which the wizard ticks in its step 5 and books with the appointment.
 */
export function bookingLinkFor(diagnosis: Pick<DiagnosisDto, 'ranked' | 'symptoms'>, vehicleId: number | null): string {
  const query = new URLSearchParams();
  for (const slug of new Set(diagnosis.ranked.map((item) => item.serviceSlug))) query.append('service', slug);
  for (const code of new Set(diagnosis.symptoms)) query.append('symptom', code);
  if (vehicleId !== null) query.set('vehicleId', String(vehicleId));
  const text = query.toString();
  return text ? `/booking?${text}` : '/booking';
}

/** A tel: link for a number as people write it ('1900 6868' → 'tel:19006868'). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
