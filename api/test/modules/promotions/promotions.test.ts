import { errorEnvelopeSchema, promotionListResponseSchema, savedPromotionListResponseSchema, type Promotion } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { setPromotionActive } from '../../../src/modules/promotions/promotionWrites';
import { DEMO_ACCOUNTS } from '../../../seed';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

describe.each(productionDatabase())('promotions on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;
  let customerToken: string;
  let otherToken: string;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
    const users = await scratch.db.selectFrom('users').select(['id', 'email', 'role']).orderBy('id').execute();
    const customer = users.find((user) => user.email === DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email)!;
    const staff = users.find((user) => user.role === 'staff')!;
    customerToken = (await app.accessTokens.issue({ userId: customer.id, role: 'customer' })).token;
    otherToken = (await app.accessTokens.issue({ userId: staff.id, role: 'staff' })).token;
  });
  afterAll(() => app.close());

  async function activePromotions(query = ''): Promise<Promotion[]> {
    const response = await app.inject({ method: 'GET', url: `/api/promotions${query}` });
    expect(response.statusCode).toBe(200);
    return promotionListResponseSchema.parse(response.json()).data;
  }

  describe('GET /api/promotions', () => {
    it("lists the spec's five sample promotions with their values mapped in the spec's order", async () => {
      const byCode = new Map((await activePromotions()).map((promotion) => [promotion.code, promotion]));
      expect(byCode.get('NEWUSER20')).toMatchObject({ type: 'percentage', value: 20, maxDiscount: 500_000, minOrder: 1_000_000, usageLimit: 1 });
      expect(byCode.get('FREESHIP')).toMatchObject({ type: 'shipping', value: 200_000, minOrder: 500_000, usageLimit: 999 });
      expect(byCode.get('SAVE500K')).toMatchObject({ type: 'fixed', value: 500_000, minOrder: 5_000_000, usageLimit: 100 });
      expect(byCode.get('BIRTHDAY15')).toMatchObject({ type: 'percentage', value: 15, maxDiscount: 1_000_000, minOrder: 2_000_000, usageLimit: 1 });
      expect(byCode.get('MEMBER10')).toMatchObject({ type: 'percentage', value: 10, maxDiscount: 300_000, minOrder: 1_500_000, usageLimit: 5 });
      expect(byCode.get('FREESHIP')!.maxDiscount).toBeUndefined();
      expect(byCode.get('SAVE500K')!.category).toEqual(['parts']);
      expect(byCode.get('NEWUSER20')!.category).toBeUndefined();
    });

    it('lists only live promotions: switched on, inside their window (around the seed time), not used up', async () => {
      const promotions = await activePromotions();
      const now = Date.now();
      for (const promotion of promotions) {
        expect(promotion.isActive).toBe(true);
        expect(Date.parse(promotion.validFrom)).toBeLessThanOrEqual(now);
        expect(Date.parse(promotion.validTo)).toBeGreaterThan(now);
        expect(promotion.usedCount).toBeLessThan(promotion.usageLimit);
        expect(promotion.image).toMatch(/^\/api\/media\/catalogue\/promotions\/[a-z0-9]+\.svg\?v=[0-9a-f]{10}$/);
        expect([promotion.imageWidth, promotion.imageHeight]).toEqual([1200, 400]);
      }
      const codes = promotions.map((promotion) => promotion.code);
      expect(codes).not.toContain('HE2026'); // expired
      expect(codes).not.toContain('TAMNGUNG'); // switched off

      await scratch.db.updateTable('promotions').set({ used_count: 999 }).where('code', '=', 'FREESHIP').execute();
      await setPromotionActive(scratch.db, 'MEMBER10', false); // a catalogue write: clears the cached list
      const after = (await activePromotions()).map((promotion) => promotion.code);
      expect(after).not.toContain('FREESHIP');
      expect(after).not.toContain('MEMBER10');
      await scratch.db.updateTable('promotions').set({ used_count: 0 }).where('code', '=', 'FREESHIP').execute();
      await setPromotionActive(scratch.db, 'MEMBER10', true);
      expect((await activePromotions()).map((promotion) => promotion.code)).toEqual(expect.arrayContaining(['FREESHIP', 'MEMBER10']));
    });

    it.each([
      ['flash-sale', ['FLASHPIN25', 'FLASHTOOL']],
      ['vip', ['MEMBER10', 'VIP300K', 'VIPSHIP']],
      ['seasonal', ['MUAMUA15', 'TET2027']],
    ])('narrows to kind %s (the header links use ?type=)', async (kind, codes) => {
      expect((await activePromotions(`?kind=${kind}`)).map((promotion) => promotion.code)).toEqual(codes);
      expect((await activePromotions(`?type=${kind}`)).map((promotion) => promotion.code)).toEqual(codes);
    });

    it('rejects an unknown kind with 400', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/promotions?type=black-friday' });
      expect(response.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe('VALIDATION_ERROR');
    });

    it('is revalidated on every use (no-cache, ETag → 304)', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/promotions' });
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await app.inject({ method: 'GET', url: '/api/promotions', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('saved promotions', () => {
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const idOf = async (code: string) => (await activePromotions()).find((promotion) => promotion.code === code)!.id;

    it('requires a login (401 UNAUTHENTICATED in Vietnamese)', async () => {
      for (const request of [
        { method: 'GET' as const, url: '/api/me/saved-promotions' },
        { method: 'POST' as const, url: '/api/me/saved-promotions', payload: { promotionId: 1 } },
        { method: 'DELETE' as const, url: '/api/me/saved-promotions/1' },
      ]) {
        const response = await app.inject(request);
        expect(response.statusCode).toBe(401);
        expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục.' });
      }
      const forged = await app.inject({ method: 'GET', url: '/api/me/saved-promotions', headers: auth('abc.def.ghi') });
      expect(forged.statusCode).toBe(401);
    });

    it('saves idempotently, keeps them on the server per user, and removes them', async () => {
      const empty = await app.inject({ method: 'GET', url: '/api/me/saved-promotions', headers: auth(customerToken) });
      expect(savedPromotionListResponseSchema.parse(empty.json()).data).toEqual([]);
      expect(empty.headers['cache-control']).toBe('private, no-store');

      const freeship = await idOf('FREESHIP');
      const newUser = await idOf('NEWUSER20');
      const first = await app.inject({ method: 'POST', url: '/api/me/saved-promotions', headers: auth(customerToken), payload: { promotionId: freeship } });
      expect(first.statusCode).toBe(200);
      expect(savedPromotionListResponseSchema.parse(first.json())).toMatchObject({ message: 'Đã lưu ưu đãi.', data: [{ id: freeship, code: 'FREESHIP' }] });

      const twice = await app.inject({ method: 'POST', url: '/api/me/saved-promotions', headers: auth(customerToken), payload: { promotionId: freeship } });
      expect(twice.statusCode).toBe(200);
      expect(savedPromotionListResponseSchema.parse(twice.json()).data.map((p) => p.id)).toEqual([freeship]);

      await app.inject({ method: 'POST', url: '/api/me/saved-promotions', headers: auth(customerToken), payload: { promotionId: newUser } });
      const listed = savedPromotionListResponseSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/me/saved-promotions', headers: auth(customerToken) })).json(),
      ).data;
      expect(listed.map((p) => p.code).sort()).toEqual(['FREESHIP', 'NEWUSER20']);
      expect(listed.every((p) => Math.abs(Date.parse(p.savedAt) - Date.now()) < 60_000)).toBe(true);
      const rows = await scratch.db.selectFrom('saved_promotions').selectAll().execute();
      expect(rows).toHaveLength(2);

      // Another user sees none of them.
      const other = await app.inject({ method: 'GET', url: '/api/me/saved-promotions', headers: auth(otherToken) });
      expect(savedPromotionListResponseSchema.parse(other.json()).data).toEqual([]);

      const removed = await app.inject({ method: 'DELETE', url: `/api/me/saved-promotions/${freeship}`, headers: auth(customerToken) });
      expect(removed.statusCode).toBe(200);
      expect(savedPromotionListResponseSchema.parse(removed.json())).toMatchObject({ message: 'Đã bỏ lưu ưu đãi.', data: [{ code: 'NEWUSER20' }] });
      const again = await app.inject({ method: 'DELETE', url: `/api/me/saved-promotions/${freeship}`, headers: auth(customerToken) });
      expect(again.statusCode).toBe(200);
      expect(savedPromotionListResponseSchema.parse(again.json()).data.map((p) => p.code)).toEqual(['NEWUSER20']);
    });

    it('refuses an unknown promotion (404), an ended or switched-off one (409), and a malformed id (400)', async () => {
      const unknown = await app.inject({ method: 'POST', url: '/api/me/saved-promotions', headers: auth(customerToken), payload: { promotionId: 999_999 } });
      expect(unknown.statusCode).toBe(404);
      expect(errorEnvelopeSchema.parse(unknown.json())).toMatchObject({ code: 'PROMOTION_NOT_FOUND', message: 'Không tìm thấy ưu đãi.' });

      for (const code of ['HE2026', 'TAMNGUNG']) {
        const row = await scratch.db.selectFrom('promotions').select('id').where('code', '=', code).executeTakeFirstOrThrow();
        const ended = await app.inject({ method: 'POST', url: '/api/me/saved-promotions', headers: auth(customerToken), payload: { promotionId: row.id } });
        expect(ended.statusCode).toBe(409);
        expect(errorEnvelopeSchema.parse(ended.json()).code).toBe('PROMOTION_NOT_AVAILABLE');
      }

      const malformed = await app.inject({ method: 'POST', url: '/api/me/saved-promotions', headers: auth(customerToken), payload: { promotionId: 'abc' } });
      expect(malformed.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(malformed.json()).errors?.[0]?.field).toBe('promotionId');
      const badParam = await app.inject({ method: 'DELETE', url: '/api/me/saved-promotions/-3', headers: auth(customerToken) });
      expect(badParam.statusCode).toBe(400);
    });
  });
});
