import { alreadyClockedInDataSchema, clockStateSchema, technicianQueueSchema, type ServiceOrderDetail } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { DEFAULT_NOW } from '../../support/serviceTestKit';
import { testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

type Caller = FloorRole | 'anonymous' | 'assigned' | 'otherTechnician';

describe.each(testDatabases())('technician clock and queue on $label', (target) => {
  const floor = useFloor(target);

  const clockIn = (user: TestUser | null, serviceOrderId: number, switchClock?: boolean) =>
    floor.request(user, 'POST', '/api/technician/clock/in', { serviceOrderId, ...(switchClock === undefined ? {} : { switch: switchClock }) });
  const clockOut = (user: TestUser | null) => floor.request(user, 'POST', '/api/technician/clock/out');
  const running = (technicianId: number) =>
    floor.db.selectFrom('work_time_entries').select(['service_order_id']).where('technician_id', '=', technicianId).where('ended_at', 'is', null).execute();
  const callerOf = async (caller: Caller, assigned: TestUser): Promise<TestUser | null> => {
    if (caller === 'anonymous') return null;
    if (caller === 'assigned') return assigned;
    if (caller === 'otherTechnician') return floor.addMember('technician');
    return floor.users[caller];
  };

  /** A started order of a fresh technician, its clock paused. */
  async function pausedOrder(technician?: TestUser) {
    const owner = technician ?? (await floor.addMember('technician'));
    const order = await floor.startedOrder({ technician: owner });
    expect((await clockOut(owner)).statusCode).toBe(200);
    return { technician: owner, order };
  }

  it.each<[Caller, number, string | null]>([
    ['anonymous', 401, 'UNAUTHENTICATED'],
    ['customer', 403, 'FORBIDDEN'],
    ['staff', 403, 'FORBIDDEN'],
    ['manager', 403, 'FORBIDDEN'],
    ['admin', 403, 'FORBIDDEN'],
    ['technicianB', 404, 'NOT_FOUND'],
    ['otherTechnician', 403, 'NOT_ASSIGNED'],
    ['assigned', 200, null],
  ])('POST clock/in as %s answers %i', async (caller, status, code) => {
    const { technician, order } = await pausedOrder();
    const response = await clockIn(await callerOf(caller, technician), order.id);
    expect(response.statusCode).toBe(status);
    if (code) expect(response.json()).toMatchObject({ success: false, code });
    expect(await running(technician.id)).toHaveLength(status === 200 ? 1 : 0);
  });

  it.each<[Caller, number]>([
    ['anonymous', 401],
    ['customer', 403],
    ['staff', 403],
    ['manager', 403],
    ['admin', 403],
    ['assigned', 200],
  ])('POST clock/out and GET queue as %s answer %i', async (caller, status) => {
    const technician = await floor.addMember('technician');
    await floor.startedOrder({ technician });
    const user = await callerOf(caller, technician);
    expect((await floor.request(user, 'GET', '/api/technician/queue')).statusCode).toBe(status);
    expect((await clockOut(user)).statusCode).toBe(status);
    expect(await running(technician.id)).toHaveLength(status === 200 ? 0 : 1);
  });

  it('pauses and resumes on an IN_PROGRESS order of mine only', async () => {
    const technician = await floor.addMember('technician');
    const opened = await floor.openOrder({ checkIn: { technicianId: technician.id } });
    const notStarted = await clockIn(technician, opened.id);
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toMatchObject({ code: 'SERVICE_ORDER_NOT_IN_PROGRESS', message: 'Chỉ bấm giờ cho phiếu đang làm.' });
    const noClock = await clockOut(technician);
    expect(noClock.statusCode).toBe(409);
    expect(noClock.json()).toEqual({ success: false, code: 'CLOCK_NOT_RUNNING', message: 'Bạn chưa bấm giờ cho phiếu nào.' });

    expect((await floor.act(opened.id, 'start', technician)).statusCode).toBe(200);
    floor.service.clock.advance(20 * 60_000);
    const paused = await clockOut(technician);
    expect(paused.json()).toEqual({ success: true, message: 'Đã tạm dừng.', data: { running: null } });
    floor.service.clock.advance(10 * 60_000);
    const resumed = await clockIn(technician, opened.id);
    expect(resumed.json()).toMatchObject({ success: true, message: 'Đã bắt đầu bấm giờ.' });
    expect(clockStateSchema.parse(resumed.json().data).running).toMatchObject({
      serviceOrderId: opened.id,
      serviceOrderCode: opened.code,
      licensePlate: opened.licensePlate,
      startedAt: floor.service.clock.now().toISOString(),
    });
    floor.service.clock.advance(5 * 60_000);
    expect((await floor.detail(opened.id)).workedMinutes).toBe(25);
    expect((await clockIn(floor.users.technician2, 999_999)).statusCode).toBe(404);
    const badBody = await floor.request(technician, 'POST', '/api/technician/clock/in', { serviceOrderId: 'một' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers ALREADY_CLOCKED_IN with the running order, and switch moves the clock in one step', async () => {
    const { technician, order: first } = await pausedOrder();
    const { order: second } = await pausedOrder(technician);
    expect((await clockIn(technician, first.id)).statusCode).toBe(200);
    floor.service.clock.advance(12 * 60_000);
    const refused = await clockIn(technician, second.id);
    expect(refused.statusCode).toBe(409);
    expect(alreadyClockedInDataSchema.parse(refused.json().data)).toEqual({ activeServiceOrderId: first.id, activeServiceOrderCode: first.code });
    expect(refused.json().message).toBe(`Bạn đang bấm giờ cho phiếu ${first.code}. Hãy tạm dừng hoặc chuyển sang phiếu này.`);
    const again = await clockIn(technician, first.id);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CLOCKED_IN', data: { activeServiceOrderCode: first.code } });

    const switched = await clockIn(technician, second.id, true);
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.running).toMatchObject({ serviceOrderId: second.id });
    expect(await running(technician.id)).toEqual([{ service_order_id: second.id }]);
    expect((await floor.detail(first.id)).workedMinutes).toBe(12);
  });

  it('rule 5: ten clock-ins of one technician at once leave exactly one running clock', async () => {
    const technician = await floor.addMember('technician');
    const orders: ServiceOrderDetail[] = [];
    for (let index = 0; index < 3; index += 1) orders.push((await pausedOrder(technician)).order);
    floor.service.clock.advance(60_000);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => clockIn(technician, orders[index % 3]!.id)));
    const won = responses.filter((response) => response.statusCode === 200);
    expect(won).toHaveLength(1);
    const winnerId = won[0]!.json().data.running.serviceOrderId as number;
    const winner = orders.find((order) => order.id === winnerId)!;
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ALREADY_CLOCKED_IN', data: { activeServiceOrderId: winner.id, activeServiceOrderCode: winner.code } });
    }
    expect(await running(technician.id)).toEqual([{ service_order_id: winner.id }]);

    // Ten switches at once: whichever lands last holds the clock, never two.
    floor.service.clock.advance(60_000);
    const switches = await Promise.all(Array.from({ length: 10 }, (_, index) => clockIn(technician, orders[index % 3]!.id, true)));
    expect(switches.some((response) => response.statusCode === 200)).toBe(true);
    for (const response of switches) {
      if (response.statusCode !== 200) expect(response.json()).toMatchObject({ code: 'ALREADY_CLOCKED_IN' });
    }
    expect(await running(technician.id)).toHaveLength(1);
  });

  it('queues my work by appointment time, the unassigned orders of my centre, my clock and my KPIs today and this week', async () => {
    const centreId = floor.centreA.id;
    const technician = await floor.addMember('technician', centreId, 'Mai Kỹ Thuật');
    const clock = floor.service.clock;

    // Monday 16/11: an order done in 50 minutes.
    clock.set('2026-11-16T02:00:00.000Z');
    const monday = await floor.startedOrder({ technician, date: '2026-11-16', time: '09:00' });
    clock.advance(50 * 60_000);
    await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS' }).where('service_order_id', '=', monday.id).execute();
    expect((await floor.act(monday.id, 'finish', technician)).statusCode).toBe(200);
    // Last Sunday's clock does not count this week.
    clock.set('2026-11-15T02:00:00.000Z');
    const sunday = await floor.startedOrder({ technician, date: '2026-11-15', time: '09:00' });
    clock.advance(45 * 60_000);
    expect((await clockOut(technician)).statusCode).toBe(200);

    // Today (Thursday 19/11, from 08:00): one order worked 30 minutes then paused, one started and running.
    clock.set(DEFAULT_NOW);
    const late = await floor.openOrder({ time: '14:00', checkIn: { technicianId: technician.id } });
    const early = await floor.startedOrder({ technician, time: '10:00' });
    clock.advance(30 * 60_000);
    expect((await clockOut(technician)).statusCode).toBe(200);
    const unassignedEarly = await floor.openOrder({ time: '07:30' });
    const unassignedLate = await floor.openOrder({ time: '16:00' });
    expect((await floor.act(late.id, 'start', technician)).statusCode).toBe(200);
    clock.advance(15 * 60_000);

    const response = await floor.request(technician, 'GET', '/api/technician/queue');
    expect(response.statusCode).toBe(200);
    const queue = technicianQueueSchema.parse(response.json().data);
    expect(queue.centre.id).toBe(centreId);
    expect(queue.mine.map((card) => card.id)).toEqual([sunday.id, early.id, late.id]);
    const unassigned = queue.unassigned.map((card) => card.id);
    expect(unassigned).toEqual(expect.arrayContaining([unassignedEarly.id, unassignedLate.id]));
    expect(unassigned.indexOf(unassignedEarly.id)).toBeLessThan(unassigned.indexOf(unassignedLate.id));
    expect(queue.unassigned.every((card) => card.technician === null && card.status === 'OPEN')).toBe(true);
    expect(queue.clock.running).toMatchObject({ serviceOrderId: late.id, serviceOrderCode: late.code });
    expect(queue.kpis).toEqual({ today: { clockedMinutes: 45, ordersDone: 0 }, week: { clockedMinutes: 95, ordersDone: 1 } });
    expect(queue.mine.find((card) => card.id === early.id)).toMatchObject({ status: 'IN_PROGRESS', workedMinutes: 30, clockRunning: false });
    // Another centre's technician sees their own centre.
    const other = technicianQueueSchema.parse((await floor.request(floor.users.technicianB, 'GET', '/api/technician/queue')).json().data);
    expect(other.centre.id).toBe(floor.centreB.id);
    expect(other.unassigned.map((card) => card.id)).not.toContain(unassignedEarly.id);
  });
});
