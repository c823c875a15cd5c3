import type { WebOrderDetail } from 'shared-contracts/schemas';
import { startServiceApp, type ServiceApp } from './serviceTestKit';
import { createUser, deskAction, type TestUser } from './shopTestKit';
import type { ScratchDatabase } from './testDatabases';

export interface WebOrderDesk {
  service: ServiceApp;
  customer: TestUser;
  /** A staff member of `shipping`, the first service centre (which ships the web orders). */
  staff: TestUser;
  shipping: number;
  /** The desk's action on the order at its current version; it must be answered 200. */
  step(code: string, payload: { action: string } & Record<string, unknown>): Promise<WebOrderDetail>;
}

/**
 * For a describe block of web orders taken through the desk: the service app on `scratch`'s database, a customer and
 * a staff member of the shipping centre (started before the block's tests, closed after them).
 */
export function useWebOrderDesk(scratch: ScratchDatabase): WebOrderDesk {
  const desk = {} as WebOrderDesk;
  beforeAll(async () => {
    desk.service = await startServiceApp(scratch.db);
    desk.shipping = (await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    desk.customer = await createUser(desk.service.app, scratch.db);
    desk.staff = await createUser(desk.service.app, scratch.db, { role: 'staff' });
    await scratch.db.insertInto('staff_assignments').values({ user_id: desk.staff.id, centre_id: desk.shipping, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
  });
  afterAll(() => desk.service.close());
  desk.step = async (code, { action, ...extra }) => {
    const response = await deskAction(desk.service.app, desk.staff, code, action, extra);
    expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({ status: 200, body: null });
    return (response.json() as { data: WebOrderDetail }).data;
  };
  return desk;
}
