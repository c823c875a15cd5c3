import { listServiceCentres } from '../src/modules/centres/centresQueries';
import { seed, SERVICE_CENTRES } from '../src/seed';
import { testDatabases, useScratchDatabase } from './support/testDatabases';

describe.each(testDatabases())('seed on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('loads at least 6 Vietnamese service centres and gives the same count when run twice', async () => {
    const first = await seed(scratch.db);
    expect(first.serviceCentres).toBe(SERVICE_CENTRES.length);
    expect(first.serviceCentres).toBeGreaterThanOrEqual(6);
    const idsBefore = (await listServiceCentres(scratch.db)).map((c) => c.id);

    const second = await seed(scratch.db);
    expect(second).toEqual(first);
    expect((await listServiceCentres(scratch.db)).map((c) => c.id)).toEqual(idsBefore);
  });

  it('brings a changed centre back to the seed values (upsert by slug)', async () => {
    const [firstCentre] = SERVICE_CENTRES;
    await scratch.db.updateTable('service_centres').set({ phone: '000' }).where('slug', '=', firstCentre!.slug).execute();
    await seed(scratch.db);
    const row = await scratch.db.selectFrom('service_centres').select('phone').where('slug', '=', firstCentre!.slug).executeTakeFirstOrThrow();
    expect(row.phone).toBe(firstCentre!.phone);
  });

  it('covers Hà Nội and TP. Hồ Chí Minh twice, Đà Nẵng, and Hải Phòng or Cần Thơ, with 2–6 bays', async () => {
    const centres = await listServiceCentres(scratch.db);
    const perCity = (city: string) => centres.filter((c) => c.city === city).length;
    expect(perCity('Hà Nội')).toBeGreaterThanOrEqual(2);
    expect(perCity('TP. Hồ Chí Minh')).toBeGreaterThanOrEqual(2);
    expect(perCity('Đà Nẵng')).toBeGreaterThanOrEqual(1);
    expect(perCity('Hải Phòng') + perCity('Cần Thơ')).toBeGreaterThanOrEqual(1);
    for (const centre of centres) {
      expect(centre.serviceBays).toBeGreaterThanOrEqual(2);
      expect(centre.serviceBays).toBeLessThanOrEqual(6);
      expect(centre.phone).toMatch(/^0\d{2,3} \d{3,4} \d{3,4}$/);
      expect(centre.openTime < centre.closeTime).toBe(true);
    }
  });
});
