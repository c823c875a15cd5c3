import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seedDemoNotifications } from '../../../../seed/demoNotifications';
import { DEMO_ACCOUNTS } from '../../../../seed';
import { productionDatabase, useScratchDatabase } from '../../../support/testDatabases';

/** The site's pages, as the shared route table lists them (read as text: the API does not build the browser's package). */
const PAGES = [...readFileSync(path.resolve(__dirname, '../../../../../shared-contracts/src/routes/routeTable.ts'), 'utf8').matchAll(/\{ path: '([^']+)'/g)].map((match) => match[1]!);

/** A link opens a page of the route table (`:param` segments match one segment). */
function opensAPage(link: string): boolean {
  return PAGES.some((page) => new RegExp(`^${page.replace(/:[^/]+/g, '[^/]+')}$`).test(link));
}

describe.each(productionDatabase())('the demo notifications on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('finds the route table', () => expect(PAGES).toEqual(expect.arrayContaining(['/dashboard', '/orders/:code', '/staff/web-orders'])));

  it('gives every demo account notifications, some unread, newest last written, each link a page that exists', async () => {
    const rows = await scratch.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.email', 'notifications.id', 'notifications.link', 'notifications.read_at', 'notifications.created_at', 'notifications.title'])
      .where('notifications.event_key', 'like', 'demo:%')
      .orderBy('notifications.id')
      .execute();
    for (const account of DEMO_ACCOUNTS) {
      const own = rows.filter((row) => row.email === account.email);
      expect([account.role, own.length > 0, own.some((row) => row.read_at === null)]).toEqual([account.role, true, true]);
      // ids grow with time, as live notifications' do (the list is newest id first)
      const times = own.map((row) => new Date(row.created_at).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    expect(rows.filter((row) => row.link !== null && !opensAPage(row.link)).map((row) => row.link)).toEqual([]);
    const shipped = rows.find((row) => row.link?.startsWith('/orders/'));
    expect(shipped).toBeDefined();
    const code = shipped!.link!.slice('/orders/'.length);
    expect(await scratch.db.selectFrom('orders').select('code').where('code', '=', code).executeTakeFirst()).toEqual({ code });
  });

  it('writes nothing twice when the seed runs again', async () => {
    const count = async () => Number((await scratch.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await seedDemoNotifications(scratch.db);
    expect(await count()).toBe(before);
  });
});
