import type { Page } from '@playwright/test';

export const DEMO_CUSTOMER = { id: 'e2e-1', fullName: 'Nguyễn Văn Khách', email: 'khach@example.vn', role: 'customer', emailVerified: true, avatar: null };

/** Puts a session in localStorage before any page script runs (the shape the login flow stores). */
export async function storeSession(page: Page, user: Record<string, unknown> = DEMO_CUSTOMER): Promise<void> {
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e-session-set')) return;
    sessionStorage.setItem('e2e-session-set', '1');
    localStorage.setItem('authToken', 'e2e-token');
    localStorage.setItem('user', JSON.stringify(stored));
  }, user);
}
