import { wishlistSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seed } from '../../../seed';
import { DEMO_WISHLIST } from '../../../seed/demoWishlist';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { sendWishlistAlerts } from '../../../src/modules/wishlist';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const customerEmail = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;

describe.each(productionDatabase())('the demo wishlist on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;

  beforeAll(async () => {
    shop = await startAuthApp(scratch.db);
  });
  afterAll(() => shop.close());

  it('gives khachhang@ real parts in stock, one watched for a price drop and one for its return, once', async () => {
    const login = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customerEmail, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
    const answer = await shop.app.inject({ method: 'GET', url: '/api/wishlist', headers: { authorization: `Bearer ${token}` } });
    const wishlist = z.object({ data: wishlistSchema }).parse(answer.json()).data;
    expect(wishlist.count).toBe(DEMO_WISHLIST.length);
    expect(wishlist.items.some((item) => item.notifyPriceDrop && item.price < item.priceWhenAdded)).toBe(true);
    expect(wishlist.items.filter((item) => item.notifyBackInStock)).toHaveLength(1);
    // The demo takes no stock away: every other journey of the demo can still buy these parts.
    expect(wishlist.items.every((item) => item.available && item.stock > 0)).toBe(true);

    // A restart writes nothing twice; the ledger still adds up.
    const before = await scratch.db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
    await seed(scratch.db);
    const after = await scratch.db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
    expect((await replayStockLedger(scratch.db)).mismatches).toEqual([]);

    // The price drop is news once: one notification more (the demo's bell has one of its own), one message on the
    // channel the demo customer allows.
    const priceDrops = () =>
      scratch.db
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .select('notifications.id')
        .where('users.email', '=', customerEmail)
        .where('notifications.kind', '=', 'price_drop')
        .orderBy('notifications.id')
        .execute();
    const seeded = await priceDrops();
    expect(await sendWishlistAlerts(scratch.db, shop.clock, { publicUrl: 'https://evshop.test' })).toBe(1);
    expect(await sendWishlistAlerts(scratch.db, shop.clock, { publicUrl: 'https://evshop.test' })).toBe(0);
    const told = (await priceDrops()).slice(seeded.length);
    expect(told).toHaveLength(1);
    expect(await scratch.db.selectFrom('notification_deliveries').select('channel').where('notification_id', '=', told[0]!.id).execute()).toHaveLength(1);
  });
});
