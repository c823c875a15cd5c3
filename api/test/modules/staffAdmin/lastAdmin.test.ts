import { createUser, type TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';

/**
 * The last active admin (role admin, not disabled) can be neither demoted nor disabled: 409 LAST_ADMIN, also when
 * the requests race (spec back-office.md §3; conditional UPDATE, active admins locked first on PostgreSQL).
 */
describe.each(testDatabases())('the last active admin on $label', (target) => {
  const floor = useFloor(target);

  /** `count` new admins, and every other admin of the database disabled: these are the only active admins. */
  async function onlyAdmins(count: number): Promise<TestUser[]> {
    const admins: TestUser[] = [];
    for (let index = 0; index < count; index += 1) admins.push(await createUser(floor.db, 'admin', `Quản Trị ${index + 1}`));
    await floor.db
      .updateTable('users')
      .set({ disabled_at: '2026-11-01T00:00:00.000Z' })
      .where('role', '=', 'admin')
      .where('disabled_at', 'is', null)
      .where('id', 'not in', admins.map((admin) => admin.id))
      .execute();
    return admins;
  }

  const activeAdmins = async () => (await floor.db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute()).map((row) => row.id);

  it('the only admin left is refused with 409 LAST_ADMIN, for a role change and for disabling', async () => {
    const [first, second] = await onlyAdmins(2);
    expect((await floor.request(first!, 'PATCH', `/api/admin/users/${second!.id}/role`, { role: 'manager' })).statusCode).toBe(200);
    const demote = await floor.request(second!, 'PATCH', `/api/admin/users/${first!.id}/role`, { role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      success: false,
      code: 'LAST_ADMIN',
      message: 'Không thể thực hiện: đây là quản trị viên cuối cùng còn hoạt động. Hãy cấp quyền quản trị cho người khác trước.',
    });
    const disable = await floor.request(second!, 'POST', `/api/admin/users/${first!.id}/disable`);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().code).toBe('LAST_ADMIN');
    expect(await activeAdmins()).toEqual([first!.id]);
  });

  it('12 admins demote each other in a ring at once: exactly 11 succeed, 1 gets 409 LAST_ADMIN, one admin is left', async () => {
    const admins = await onlyAdmins(12);
    const responses = await Promise.all(admins.map((admin, index) => floor.request(admin, 'PATCH', `/api/admin/users/${admins[(index + 1) % admins.length]!.id}/role`, { role: 'staff' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(11);
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
    expect(responses.find((response) => response.statusCode === 409)!.json().code).toBe('LAST_ADMIN');
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('two admins demote each other with 12 requests at once: one side all 200, the other all 409 LAST_ADMIN, one admin left', async () => {
    const [first, second] = await onlyAdmins(2);
    const requests = Array.from({ length: 12 }, (_, index) =>
      index % 2 === 0 ? floor.request(first!, 'PATCH', `/api/admin/users/${second!.id}/role`, { role: 'staff' }) : floor.request(second!, 'PATCH', `/api/admin/users/${first!.id}/role`, { role: 'staff' }),
    );
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    const left = await activeAdmins();
    expect(left).toHaveLength(1);
    const firstWon = left[0] === first!.id;
    const winnerSide = statuses.filter((_, index) => (index % 2 === 0) === firstWon);
    const loserSide = statuses.filter((_, index) => (index % 2 === 0) !== firstWon);
    expect(winnerSide).toEqual(Array(6).fill(200));
    expect(loserSide).toEqual(Array(6).fill(409));
  });

  it('two admins disable each other with 12 requests at once: exactly one stays active, its side all 200, the other refused', async () => {
    const [first, second] = await onlyAdmins(2);
    const requests = Array.from({ length: 12 }, (_, index) =>
      index % 2 === 0 ? floor.request(first!, 'POST', `/api/admin/users/${second!.id}/disable`) : floor.request(second!, 'POST', `/api/admin/users/${first!.id}/disable`),
    );
    const responses = await Promise.all(requests);
    const left = await activeAdmins();
    expect(left).toHaveLength(1);
    const firstWon = left[0] === first!.id;
    const winnerSide = responses.filter((_, index) => (index % 2 === 0) === firstWon);
    const loserSide = responses.filter((_, index) => (index % 2 === 0) !== firstWon);
    expect(winnerSide.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    // The loser asked while still active (409 LAST_ADMIN) or after being disabled (its token is refused: 401).
    for (const response of loserSide) {
      expect([401, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().code).toBe('LAST_ADMIN');
    }
  });

  it('12 admins disable each other in a ring at once: at least one admin stays active and every refusal is LAST_ADMIN or 401', async () => {
    const admins = await onlyAdmins(12);
    const responses = await Promise.all(admins.map((admin, index) => floor.request(admin, 'POST', `/api/admin/users/${admins[(index + 1) % admins.length]!.id}/disable`)));
    const left = await activeAdmins();
    expect(left.length).toBeGreaterThanOrEqual(1);
    const successes = responses.filter((response) => response.statusCode === 200).length;
    // Each 200 disabled one distinct admin of the ring.
    expect(successes).toBe(12 - left.length);
    for (const response of responses) if (response.statusCode !== 200) expect([401, 409]).toContain(response.statusCode);
  });
});
