import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from './fixtures.ts';
import { apiLogin, DEMO_EMAILS, storeSession } from './session.ts';

/**
 * Helpers of the service centre floor's browser tests (issue 13's floor, issue 14's parts and approvals): the
 * remotes' areas, a signed-in context per person, axe, and a booking for today at the demo staff's centre.
 */

export const account = (page: Page) => page.locator('[data-remote-area="mfe_account"]');
export const backoffice = (page: Page) => page.locator('[data-remote-area="mfe_backoffice"]');

/** A licence plate as a RegExp source (its dots literal). */
export const plateSource = (plate: string) => plate.replace(/[.]/g, '\\.');

/** A page of its own browser context, signed in as `email`; with a viewport, a touch phone of that size. */
export async function signedInPage(browser: Browser, email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  await storeSession(page, email);
  return page;
}

/**
 * axe's serious and critical findings on the page as it stands, one line each. axe runs in the page itself (legacy
 * mode: our pages have no cross-origin frame, so no blank page is opened to merge frames' results) and gathers only
 * the violations' nodes, not the passes'.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** axe on the page as it stands: no serious or critical finding. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * Every tab of the back-office area's navigation and every visible button is a touch target of at least 44 px
 * high (a technician's phone): the ones that are not, by their text and height.
 */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return backoffice(page)
    .locator('[data-role-area] aside a, [data-role-area] button')
    .evaluateAll((elements) =>
      elements
        .map((element) => ({ text: (element.textContent ?? '').trim(), box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0 && box.height < 44)
        .map(({ text, box }) => `${text}: ${box.height.toFixed(1)} px`),
    );
}

export interface Booked {
  id: number;
  code: string;
  licensePlate: string;
}

export interface BookingChoice {
  /** Which of the demo customer's vehicles (default: their first). */
  vehicle?: (vehicle: { id: number; licensePlate: string; type: string }) => boolean;
  /** The customer's note. */
  note?: string;
  /** Symptoms the customer picks (the diagnostics vocabulary's codes). */
  symptoms?: string[];
}

/** The customer books a basic maintenance today at the demo staff's centre, in its first free slot. */
export async function bookToday(customer: Page, staff: Page, choice: BookingChoice = {}): Promise<Booked> {
  const staffLogin = await apiLogin(staff.request, DEMO_EMAILS.staff);
  const summary = await staff.request.get('/api/staff/summary', { headers: { authorization: `Bearer ${staffLogin.accessToken}` } });
  expect(summary.ok()).toBe(true);
  const { centre, date } = ((await summary.json()) as { data: { centre: { id: number }; date: string } }).data;

  const login = await apiLogin(customer.request, DEMO_EMAILS.customer);
  const auth = { authorization: `Bearer ${login.accessToken}` };
  const vehicles = ((await (await customer.request.get('/api/vehicles', { headers: auth })).json()) as { data: Array<{ id: number; licensePlate: string; type: string }> }).data;
  const vehicle = choice.vehicle ? vehicles.find(choice.vehicle) : vehicles[0];
  expect(vehicle, 'the demo customer has the vehicle to book').toBeDefined();
  const services = ((await (await customer.request.get('/api/services')).json()) as { data: Array<{ id: number; slug: string; durationMinutes: number }> }).data;
  const basic = services.find((service) => service.slug === 'bao-duong-co-ban')!;
  const availability = await customer.request.get(`/api/centres/${centre.id}/availability?date=${date}&durationMinutes=${basic.durationMinutes}`);
  const slots = ((await availability.json()) as { data: { slots: Array<{ start: string; available: boolean }> } }).data.slots.filter((slot) => slot.available);
  expect(slots.length).toBeGreaterThan(0);
  for (const slot of slots) {
    const response = await customer.request.post('/api/appointments', {
      headers: auth,
      data: { vehicleId: vehicle!.id, serviceIds: [basic.id], centreId: centre.id, start: slot.start, note: choice.note ?? 'Phanh sau kêu khi đi chậm', symptoms: choice.symptoms ?? [] },
    });
    if (response.status() === 409) continue;
    expect(response.status()).toBe(201);
    const created = ((await response.json()) as { data: { id: number; code: string; vehicle: { licensePlate: string } } }).data;
    return { id: created.id, code: created.code, licensePlate: created.vehicle.licensePlate };
  }
  throw new Error('no free slot today at the staff centre');
}
