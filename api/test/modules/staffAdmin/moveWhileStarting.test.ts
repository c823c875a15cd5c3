import { testDatabases, useFloor } from '../../support/floorTestKit';

/**
 * An admin moves a technician to another centre at the very moment the technician presses Bắt đầu on an order of
 * their centre. Exactly one wins, every time: either the order starts and the move answers 409 HAS_ACTIVE_WORK, or
 * the move happens and the start is refused. Never a technician at centre B with an order IN_PROGRESS at centre A.
 */
describe.each(testDatabases())('moving a technician while they start an order on $label', (target) => {
  const floor = useFloor(target);

  it('lets exactly one of the two pass, in 10 races', async () => {
    const technician = await floor.addMember('technician', floor.centreA.id, 'Kỹ Thuật Viên Đua');
    for (let round = 0; round < 10; round += 1) {
      const order = await floor.openOrder({ time: `${String(8 + (round % 9)).padStart(2, '0')}:${round < 9 ? '00' : '30'}`, checkIn: { technicianId: technician.id } });
      const [start, move] = await Promise.all([
        floor.act(order.id, 'start', technician),
        floor.request(floor.users.admin, 'POST', `/api/admin/staff/${technician.id}/assignment`, { centreId: floor.centreB.id }),
      ]);
      const assignment = await floor.db
        .selectFrom('staff_assignments')
        .select('centre_id')
        .where('user_id', '=', technician.id)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();
      const row = await floor.orderRow(order.id);
      if (start.statusCode === 200) {
        expect(move.statusCode).toBe(409);
        expect(move.json()).toMatchObject({ code: 'HAS_ACTIVE_WORK' });
        expect(row.status).toBe('IN_PROGRESS');
        expect(assignment.centre_id).toBe(floor.centreA.id);
        // Free the technician for the next round.
        expect((await floor.act(order.id, 'cancel', floor.users.staff, { reason: 'Khách đổi ý không sửa' })).statusCode).toBe(200);
      } else {
        expect(move.statusCode).toBe(200);
        expect([403, 404]).toContain(start.statusCode);
        expect(row.status).toBe('OPEN');
        expect(assignment.centre_id).toBe(floor.centreB.id);
        const back = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${technician.id}/assignment`, { centreId: floor.centreA.id });
        expect(back.statusCode).toBe(200);
        expect((await floor.act(order.id, 'cancel', floor.users.staff, { reason: 'Khách đổi ý không sửa' })).statusCode).toBe(200);
      }
    }
  });
});
