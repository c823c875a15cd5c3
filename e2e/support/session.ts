import type { APIRequestContext, Page } from '@playwright/test';

/** The seeded demo accounts (api/seed/demoAccounts.ts): one per role, verified, one password. */
export const DEMO_PASSWORD = 'EvShop@2026';
export const DEMO_EMAILS = {
  customer: 'khachhang@evshop.vn',
  staff: 'nhanvien@evshop.vn',
  technician: 'kythuatvien@evshop.vn',
  manager: 'quanly@evshop.vn',
  admin: 'quantri@evshop.vn',
} as const;
export const DEMO_CUSTOMER_NAME = 'Nguyễn Minh Anh';

export interface LoginData {
  accessToken: string;
  refreshToken: string;
  userId: string;
  fullName: string;
  email: string;
  role: string;
  emailVerified: boolean;
  avatar: string | null;
}

/** Signs in through the API (POST /api/auth/login), as the login form does. */
export async function apiLogin(request: APIRequestContext, email: string = DEMO_EMAILS.customer, password = DEMO_PASSWORD): Promise<LoginData> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: LoginData }).data;
}

/**
 * Starts the page signed in as a real account: logs in through the API and puts the session where the login
 * flow keeps it (authToken, refreshToken, user) before any page script runs, once per test.
 */
export async function storeSession(page: Page, email: string = DEMO_EMAILS.customer): Promise<LoginData> {
  const login = await apiLogin(page.request, email);
  const user = {
    id: login.userId,
    fullName: login.fullName,
    email: login.email,
    role: login.role,
    emailVerified: login.emailVerified,
    avatar: login.avatar,
  };
  await page.addInitScript(
    ({ stored, token, refreshToken }) => {
      if (sessionStorage.getItem('e2e-session-set')) return;
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem('authToken', token);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('user', JSON.stringify(stored));
    },
    { stored: user, token: login.accessToken, refreshToken: login.refreshToken },
  );
  return login;
}
