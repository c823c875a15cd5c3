import { LIKELIHOOD_BANDS, wholePercent, type DiagnosisDto } from 'shared-contracts/diagnostics';

/** The lowest whole percent a ranked item must show for its service to be pre-ticked: the band 'Khả năng vừa'. */
export const PRESELECT_FROM_PERCENT = LIKELIHOOD_BANDS.find(([, words]) => words === 'Khả năng vừa')![0];

/**
 * The services the booking is pre-filled with: those of the components the ranking points to — the most likely one,
 * and any other shown at 'Khả năng vừa' or above (PRESELECT_FROM_PERCENT, the shared scale's "a real risk") — once
 * each, most likely first. A component listed lower (a tyre's wear at 'Khả năng thấp' next to a brake noise, from
 * visits where both were found worn) stays in the list to read but is not booked for the customer.
 */
export function preselectedServices(ranked: DiagnosisDto['ranked']): string[] {
  const pointed = ranked.filter((item, index) => index === 0 || wholePercent(item.probability) >= PRESELECT_FROM_PERCENT);
  return [...new Set(pointed.map((item) => item.serviceSlug))];
}

/**
 * The booking wizard pre-filled from a diagnosis: /booking?service=<slug>&service=<slug>…&symptom=<code>…[&vehicleId=<id>],
 * the services the ranking points to (preselectedServices), and the symptoms the answer rests on (those picked and
 * those found in the text), which the wizard ticks in its step 5 and books with the appointment.
 */
export function bookingLinkFor(diagnosis: Pick<DiagnosisDto, 'ranked' | 'symptoms'>, vehicleId: number | null): string {
  const query = new URLSearchParams();
  for (const slug of preselectedServices(diagnosis.ranked)) query.append('service', slug);
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
