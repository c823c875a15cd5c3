import { listServiceCentres } from '../../src/modules/centres/centresQueries';
import { seed, SERVICE_CENTRES } from '../../seed';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

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

  it('leaves a changed centre as it is, and inserts a missing one again (insert by slug, never update)', async () => {
    const [firstCentre] = SERVICE_CENTRES;
    const lastCentre = SERVICE_CENTRES[SERVICE_CENTRES.length - 1]!;
    await scratch.db.updateTable('service_centres').set({ phone: '024 0000 0000', service_bays: 2 }).where('slug', '=', firstCentre!.slug).execute();
    await scratch.db.deleteFrom('service_centres').where('slug', '=', lastCentre.slug).execute();
    expect((await seed(scratch.db)).serviceCentres).toBe(SERVICE_CENTRES.length);
    const row = await scratch.db.selectFrom('service_centres').select(['phone', 'service_bays']).where('slug', '=', firstCentre!.slug).executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: '024 0000 0000', service_bays: 2 });
    const back = await scratch.db.selectFrom('service_centres').select(['name', 'phone']).where('slug', '=', lastCentre.slug).executeTakeFirstOrThrow();
    expect(back).toEqual({ name: lastCentre.name, phone: lastCentre.phone });
    await scratch.db.updateTable('service_centres').set({ phone: firstCentre!.phone, service_bays: firstCentre!.service_bays }).where('slug', '=', firstCentre!.slug).execute();
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
