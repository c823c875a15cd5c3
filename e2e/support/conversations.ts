import { expect, type APIRequestContext } from './fixtures.ts';
import { apiLogin, DEMO_EMAILS } from './session.ts';

/**
 * Helpers of the conversations, notifications and QR check-in browser tests (issue 49), made through the API as the
 * customer's pages would, so that each test has its own thread (the demo is seeded once for the whole suite).
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo customer opens the thread of their appointment; returns its id. */
export async function openAppointmentThread(request: APIRequestContext, appointmentId: number): Promise<number> {
  const login = await apiLogin(request, DEMO_EMAILS.customer);
  const response = await request.post('/api/conversations', { headers: bearer(login.accessToken), data: { subject: { kind: 'appointment', id: appointmentId } } });
  expect([200, 201], await response.text()).toContain(response.status());
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Marks every notification of `email` read (the demo has unread ones); answers the unread count after. */
export async function readAllNotifications(request: APIRequestContext, email: string): Promise<number> {
  const login = await apiLogin(request, email);
  const response = await request.put('/api/notifications/read', { headers: bearer(login.accessToken), data: { all: true } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { unreadCount: number } }).data.unreadCount;
}

/** The customer's signed check-in code of an appointment (what the confirmation's QR carries). */
export async function checkInCode(request: APIRequestContext, appointmentId: number): Promise<string> {
  const login = await apiLogin(request, DEMO_EMAILS.customer);
  const response = await request.get(`/api/appointments/${appointmentId}/check-in-code`, { headers: bearer(login.accessToken) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { code: string } }).data.code;
}
