import { errorEnvelopeSchema, ratingKpisSchema, type RatingKpis } from 'shared-contracts/schemas';
import { z } from 'zod';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { ratingsWorld, type Person, type RatingsWorld } from './serviceRatingsTestKit';

/**
 * The rating KPIs on ratings generated from known distributions (stars → how many), placed across the range and
 * the period before it (with the range's edges), so that every figure is known before the API adds them up.
 */
const RANGE = 'from=2026-11-01&to=2026-11-10';
// Local (UTC+7) midnights: 2026-11-01 00:00 and 2026-11-11 00:00; the previous period starts 2026-10-22.
const FROM_UTC = Date.parse('2026-10-31T17:00:00.000Z');
const TO_UTC = Date.parse('2026-11-10T17:00:00.000Z');
const PREVIOUS_FROM_UTC = Date.parse('2026-10-21T17:00:00.000Z');

type Distribution = Partial<Record<1 | 2 | 3 | 4 | 5, number>>;
const starsOf = (distribution: Distribution) => Object.entries(distribution).flatMap(([stars, count]) => Array<number>(count).fill(Number(stars)));

describe.each(testDatabases())('the rating KPIs on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let world: RatingsWorld;
  let fiveStarOfA = 0;

  /** Ratings of `distribution` for `technician`'s orders at `centreId`, spread evenly over [start, end), the first at `start` and the last 1 ms before `end`. */
  async function addRatings(centreId: number, technician: Person, distribution: Distribution, start: number, end: number, extra: { technicianStars?: number } = {}) {
    const stars = starsOf(distribution);
    const ids: number[] = [];
    for (const [index, value] of stars.entries()) {
      const at = stars.length === 1 ? start : start + Math.floor(((end - 1 - start) * index) / (stars.length - 1));
      const orderId = await world.addOrder({ centreId, technician, closedAt: new Date(at - 3_600_000).toISOString() });
      const row = await scratch.db
        .insertInto('service_ratings')
        .values({
          service_order_id: orderId,
          user_id: world.customer.id,
          centre_id: centreId,
          technician_id: technician.id,
          stars: value,
          technician_stars: extra.technicianStars ?? null,
          comment: '',
          created_at: new Date(at).toISOString(),
          updated_at: new Date(at).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  beforeAll(async () => {
    world = await ratingsWorld(scratch.db);
    const { centreA, centreB, technicianA, technicianA2, technicianB } = world;
    const a = await addRatings(centreA, technicianA, { 5: 12, 4: 6, 3: 3, 2: 2, 1: 1 }, FROM_UTC, TO_UTC);
    // Object.entries lists the stars in ascending order: the last one is a five.
    fiveStarOfA = a[a.length - 1]!;
    await addRatings(centreA, technicianA2, { 5: 3, 4: 2, 1: 1 }, FROM_UTC + 3_600_000, TO_UTC - 3_600_000, { technicianStars: 5 });
    await addRatings(centreA, technicianA, { 3: 2, 2: 2 }, PREVIOUS_FROM_UTC, FROM_UTC);
    await addRatings(centreB, technicianB, { 4: 5, 3: 5 }, FROM_UTC, TO_UTC);
    await addRatings(centreB, technicianB, { 5: 4 }, PREVIOUS_FROM_UTC, FROM_UTC);
    // Just outside both periods: the first instant after the range and the last before the previous one.
    await addRatings(centreA, technicianA, { 1: 1 }, TO_UTC, TO_UTC + 1);
    await addRatings(centreA, technicianA, { 1: 1 }, PREVIOUS_FROM_UTC - 1, PREVIOUS_FROM_UTC);
    // A hidden one-star rating inside the range counts nowhere.
    const [hidden] = await addRatings(centreA, technicianA, { 1: 1 }, FROM_UTC + 86_400_000, FROM_UTC + 86_400_001);
    await scratch.db.updateTable('service_ratings').set({ hidden: 1, hidden_reason: 'Spam' }).where('id', '=', hidden!).execute();
    // Follow-ups of centre A: two OPEN, one CONTACTED (open), one CLOSED.
    const low = await scratch.db.selectFrom('service_ratings').select('id').where('centre_id', '=', centreA).where('stars', '<=', 2).orderBy('id').execute();
    const statuses = ['OPEN', 'OPEN', 'CONTACTED', 'CLOSED'];
    for (const [index, status] of statuses.entries()) {
      await scratch.db.insertInto('service_rating_follow_ups').values({ rating_id: low[index]!.id, centre_id: centreA, status, opened_at: new Date(FROM_UTC).toISOString() }).execute();
    }
  });
  afterAll(() => world.shop.close());

  const kpis = async (who: Person, query = RANGE): Promise<RatingKpis> => {
    const response = await world.shop.app.inject({ method: 'GET', url: `/api/service-ratings/kpis?${query}`, headers: who.headers });
    expect(response.statusCode).toBe(200);
    return z.object({ data: ratingKpisSchema }).parse(response.json()).data;
  };

  it('adds up each centre and technician exactly, with the previous period of the same length', async () => {
    const all = await kpis(world.admin);
    expect(all).toMatchObject({ from: '2026-11-01', to: '2026-11-10', previousFrom: '2026-10-22', previousTo: '2026-10-31' });
    expect(all.centres).toEqual([
      // 30 ratings: 98 + 24 = 122 stars → 4.07; 4–5 stars 18 + 5 = 23 → 76.7 %. Before: 4 ratings, 10 stars.
      { centreId: world.centreA, centreName: 'EV Service Hoàn Kiếm', count: 30, average: 4.1, positivePct: 76.7, openFollowUps: 3, previous: { count: 4, average: 2.5, positivePct: 0 } },
      { centreId: world.centreB, centreName: 'EV Service Cầu Giấy', count: 10, average: 3.5, positivePct: 50, openFollowUps: 0, previous: { count: 4, average: 5, positivePct: 100 } },
    ]);
    const byTechnician = new Map(all.technicians.map((row) => [row.technicianId, row]));
    // 24 ratings of 98 stars → 4.08; 18 of 24 → 75 %.
    expect(byTechnician.get(world.technicianA.id)).toEqual({
      technicianId: world.technicianA.id,
      fullName: 'Phạm Văn Kỹ',
      centreId: world.centreA,
      count: 24,
      average: 4.1,
      positivePct: 75,
      previous: { count: 4, average: 2.5, positivePct: 0 },
    });
    // The customer's stars for the technician (5 on every visit) count, not the visit's.
    expect(byTechnician.get(world.technicianA2.id)).toMatchObject({ count: 6, average: 5, positivePct: 100, previous: { count: 0, average: null, positivePct: null } });
    expect(byTechnician.get(world.technicianB.id)).toMatchObject({ centreId: world.centreB, count: 10, average: 3.5, positivePct: 50, previous: { count: 4, average: 5, positivePct: 100 } });
    expect(all.technicians).toHaveLength(3);
  });

  it('shows a manager their own centre only, refuses another centre, staff and a bad range', async () => {
    const own = await kpis(world.managerA);
    expect(own.centres.map((row) => row.centreId)).toEqual([world.centreA]);
    expect(own.technicians.map((row) => row.centreId)).toEqual([world.centreA, world.centreA]);
    expect((await kpis(world.admin, `${RANGE}&centreId=${world.centreB}`)).centres.map((row) => row.centreId)).toEqual([world.centreB]);

    const inject = (who: Person, query: string) => world.shop.app.inject({ method: 'GET', url: `/api/service-ratings/kpis?${query}`, headers: who.headers });
    expect((await inject(world.managerA, `${RANGE}&centreId=${world.centreB}`)).statusCode).toBe(404);
    expect((await inject(world.staffA, RANGE)).statusCode).toBe(403);
    expect((await inject(world.technicianA, RANGE)).statusCode).toBe(403);
    for (const query of ['from=2026-11-10&to=2026-11-01', 'from=2026-02-30&to=2026-03-01', 'from=2025-01-01&to=2026-11-10']) {
      const refused = await inject(world.managerA, query);
      expect(refused.statusCode).toBe(422);
      expect(errorEnvelopeSchema.parse(refused.json()).code).toBe('DATE_RANGE_INVALID');
    }
  });

  it('leaves a hidden rating out of the figures', async () => {
    const hide = await world.shop.app.inject({ method: 'POST', url: `/api/service-ratings/${fiveStarOfA}/hide`, headers: world.managerA.headers, payload: { reason: 'Đánh giá trùng lặp' } });
    expect(hide.statusCode).toBe(200);
    const [centreA] = (await kpis(world.managerA)).centres;
    // 29 ratings, 117 stars → 4.03; 22 of 29 → 75.9 %.
    expect(centreA).toMatchObject({ count: 29, average: 4, positivePct: 75.9 });
    await world.shop.app.inject({ method: 'POST', url: `/api/service-ratings/${fiveStarOfA}/unhide`, headers: world.managerA.headers });
    expect((await kpis(world.managerA)).centres[0]).toMatchObject({ count: 30, average: 4.1 });
  });

  it('exports the same figures as a CSV with a BOM and Vietnamese headers', async () => {
    const response = await world.shop.app.inject({ method: 'GET', url: `/api/service-ratings/kpis.csv?${RANGE}`, headers: world.admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="danh-gia-dich-vu_2026-11-01_2026-11-10.csv"');
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Loại,Tên,Trung tâm,Số đánh giá,Điểm trung bình,Tỷ lệ 4–5 sao (%),Số đánh giá kỳ trước,Điểm trung bình kỳ trước,Tỷ lệ 4–5 sao kỳ trước (%),Phiếu theo dõi đang mở',
    );
    expect(lines[1]).toBe('Trung tâm,EV Service Hoàn Kiếm,EV Service Hoàn Kiếm,30,4.1,76.7,4,2.5,0,3');
    expect(lines[2]).toBe('Trung tâm,EV Service Cầu Giấy,EV Service Cầu Giấy,10,3.5,50,4,5,100,0');
    expect(lines).toContain('Kỹ thuật viên,Phạm Văn Kỹ,EV Service Hoàn Kiếm,24,4.1,75,4,2.5,0,');
    expect(lines).toContain('Kỹ thuật viên,Hoàng Minh Thợ,EV Service Hoàn Kiếm,6,5,100,0,,,');
    expect(lines.filter((line) => line.length > 0)).toHaveLength(6);
    const refused = await world.shop.app.inject({ method: 'GET', url: `/api/service-ratings/kpis.csv?${RANGE}&centreId=${world.centreB}`, headers: world.managerA.headers });
    expect(refused.statusCode).toBe(404);
  });
});
