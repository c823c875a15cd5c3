import { conversationListSchema, conversationThreadSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seed } from '../../../seed';
import { seedDemoConversations } from '../../../seed/demoConversations';
import { manualClock } from '../../../src/security/clock';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

// The real time: the back office's seed lays today's floor on the real day (seedBackOffice takes no clock), and the
// demo threads find today's booking and the latest visit on that floor.
const NOW = new Date();
const emailOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
const list = z.object({ data: conversationListSchema });

describe.each(productionDatabase())('the demo conversations on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let shop: AuthTestApp;

  beforeAll(async () => {
    await seed(scratch.db, { now: NOW });
    shop = await startAuthApp(scratch.db, { clock: manualClock(NOW) });
  });
  afterAll(() => shop.close());

  const login = async (role: string) => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: emailOf(role), password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${(response.json() as { data: { accessToken: string } }).data.accessToken}` };
  };

  it("puts a customer's question about today's booking in the staff's unread inbox", async () => {
    const inbox = list.parse((await shop.app.inject({ method: 'GET', url: '/api/staff/conversations?filter=unread', headers: await login('staff') })).json()).data;
    const waiting = inbox.items.find((item) => item.subject.kind === 'appointment');
    expect(waiting).toMatchObject({ customerName: DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.fullName, unreadCount: 2, lastMessage: { side: 'customer' } });
    expect(inbox.unreadTotal).toBeGreaterThanOrEqual(2);
  });

  it("shows the customer the technician's photo, unread, and serves it to them", async () => {
    const headers = await login('customer');
    const mine = list.parse((await shop.app.inject({ method: 'GET', url: '/api/conversations', headers })).json()).data;
    const withPhoto = mine.items.find((item) => item.lastMessage?.hasPhotos);
    expect(withPhoto).toMatchObject({ unreadCount: 1, lastMessage: { side: 'centre' } });
    expect(mine.unreadTotal).toBe(1);
    const thread = z.object({ data: conversationThreadSchema }).parse((await shop.app.inject({ method: 'GET', url: `/api/conversations/${withPhoto!.id}`, headers })).json()).data;
    const photoMessage = thread.messages.find((message) => message.photos.length > 0)!;
    expect(photoMessage.authorName).toMatch(/ · Kỹ thuật viên$/);
    const image = await shop.app.inject({ method: 'GET', url: photoMessage.photos[0]!.url, headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // The customer's own question was read by the centre ("Đã xem").
    expect(thread.messages.find((message) => message.side === 'customer')?.readByOtherSide).toBe(true);
  });

  it('inserts nothing when seeded again, and counts the same threads', async () => {
    const before = await scratch.db.selectFrom('conversation_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await seedDemoConversations(scratch.db, NOW)).toBe(2);
    const after = await scratch.db.selectFrom('conversation_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
