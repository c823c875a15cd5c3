import { startServiceApp, type ServiceApp } from './serviceTestKit';
import { createUser, type TestUser } from './shopTestKit';
import type { ScratchDatabase } from './testDatabases';

export interface AdminService {
  service: ServiceApp;
  admin: TestUser;
}

/**
 * For a describe block run as the admin: the service app on `scratch`'s database and an admin (started before the
 * block's tests, closed after them). Read the fields inside tests or hooks only.
 */
export function useServiceAppWithAdmin(scratch: ScratchDatabase): AdminService {
  const shop = {} as AdminService;
  beforeAll(async () => {
    shop.service = await startServiceApp(scratch.db);
    shop.admin = await createUser(shop.service.app, scratch.db, { role: 'admin' });
  });
  afterAll(() => shop.service.close());
  return shop;
}
