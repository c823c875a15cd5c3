import { preparedQuery } from '../../src/db/preparedQuery';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

const centreBySlug = preparedQuery<{ slug: string }>()((db, param) =>
  db.selectFrom('service_centres').select(['slug', 'service_bays']).where('slug', '=', param('slug')),
);

const addBays = preparedQuery<{ slug: string; bays: number; atMost: number }>()((db, param) =>
  db
    .updateTable('service_centres')
    .set((eb) => ({ service_bays: eb('service_bays', '+', param('bays')) }))
    .where('slug', '=', param('slug'))
    .where('service_bays', '<=', param('atMost')),
);

describe.each(testDatabases())('preparedQuery on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('runs a query compiled once with the values of each call', async () => {
    const [first] = await scratch.db.selectFrom('service_centres').select('slug').orderBy('id').limit(1).execute();
    const found = await centreBySlug.first(scratch.db, { slug: first!.slug });
    expect(found?.slug).toBe(first!.slug);
    expect(await centreBySlug.first(scratch.db, { slug: 'khong-co-chi-nhanh-nay' })).toBeUndefined();
    expect(await centreBySlug.rows(scratch.db, { slug: first!.slug })).toHaveLength(1);
  });

  it('runs inside a transaction and reports the rows a write changed (a condition that fails changes none)', async () => {
    const [centre] = await scratch.db.selectFrom('service_centres').select(['slug', 'service_bays']).orderBy('id').limit(1).execute();
    const bays = Number(centre!.service_bays);
    await scratch.db.transaction().execute(async (trx) => {
      const refused = await addBays.execute(trx, { slug: centre!.slug, bays: 1, atMost: bays - 1 });
      expect(Number(refused.numAffectedRows)).toBe(0);
      const done = await addBays.execute(trx, { slug: centre!.slug, bays: 2, atMost: bays });
      expect(Number(done.numAffectedRows)).toBe(1);
    });
    expect(Number((await centreBySlug.first(scratch.db, { slug: centre!.slug }))?.service_bays)).toBe(bays + 2);
  });

  it('refuses a call that leaves a parameter without a value', async () => {
    await expect(centreBySlug.first(scratch.db, {} as { slug: string })).rejects.toThrow("no value for the parameter 'slug'");
  });
});
