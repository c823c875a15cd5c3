import { randomBytes } from 'node:crypto';

/**
 * What an operator sets for production besides the key and the databases: an https site, the shop's own bank account
 * (VietQR) and its seller's details. None is a demo value or a placeholder, so production's guard (productionSafety.ts)
 * lets them pass. The production-start and safety tests and bench:memory's production process start from these.
 */
export const OPERATOR_SETTINGS = {
  PUBLIC_URL: 'https://cuahang-xedien.vn',
  VIETQR_BANK_BIN: '970422',
  VIETQR_ACCOUNT_NUMBER: '0681000456789',
  VIETQR_ACCOUNT_NAME: 'CONG TY CP XE DIEN HA NOI',
  VIETQR_BANK_NAME: 'MB Bank',
  SHOP_LEGAL_NAME: 'Công ty Cổ phần Xe Điện Hà Nội',
  SHOP_TAX_CODE: '0100233488',
  SHOP_ADDRESS: '25 Trần Hưng Đạo, Phường Cửa Nam, Hà Nội',
  // The shop's invoices are issued elsewhere in these tests (no provider account, nothing leaves the machine).
  E_INVOICE_PROVIDER: 'off',
} as const;

/**
 * A production environment with every required value proper (a fresh key, the operator's settings, databases on the
 * private network), `overrides` last: the safety tests' starting point.
 */
export function productionEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64'),
    ...OPERATOR_SETTINGS,
    DATABASE_URL: 'postgres://evshop:k9Vq2xR7@db.internal:5432/evshop',
    REDIS_URL: 'redis://redis.internal:6379',
    ...overrides,
  };
}
