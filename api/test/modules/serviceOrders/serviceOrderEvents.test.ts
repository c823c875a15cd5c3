import { serviceOrderEventSchema } from 'shared-contracts/schemas';
import { memoryEventBus, type EventBus } from '../../../src/events/eventBus';
import type { ServiceOrderContext } from '../../../src/modules/serviceOrders/serviceOrderContext';
import { publishFloorChange, publishServiceOrderChange } from '../../../src/modules/serviceOrders/serviceOrderEvents';
import { listen, openEventStream, type SseStream } from '../../support/sseClient';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

describe('service order events never fail the request', () => {
  const failingBus: EventBus = {
    ...memoryEventBus(),
    publish: () => Promise.reject(new Error('broker down')),
    publishServiceOrder: () => Promise.reject(new Error('broker down')),
    publishFloorChange: () => Promise.reject(new Error('broker down')),
  };

  it('logs a failed publication instead of throwing', async () => {
    const errors: unknown[] = [];
    const ctx = { events: failingBus, log: { warn: () => undefined, error: (...args: unknown[]) => errors.push(args) } } as unknown as ServiceOrderContext;
    const change = { serviceOrderId: 1, code: 'PDV261119AAAA', appointmentId: 2, centreId: 3, userId: 4, status: 'OPEN' as const, appointment: { code: 'LH261119AAAAA', status: 'CHECKED_IN' as const } };
    await expect(publishServiceOrderChange(ctx, change, new Date())).resolves.toBeUndefined();
    await expect(publishFloorChange(ctx, 3, { appointmentId: 2, serviceOrderId: 1 }, new Date())).resolves.toBeUndefined();
    expect(errors).toHaveLength(2);
  });
});

describe.each(productionDatabase())('live service order events on $label', (target) => {
  const floor = useFloor(target);
  let customerStream: SseStream;
  let floorStream: SseStream;

  beforeAll(async () => {
    const base = await listen(floor.app);
    const token = async (user: Parameters<typeof floor.headers>[0]) => (await floor.headers(user)).authorization.slice('Bearer '.length);
    customerStream = await openEventStream(base, await token(floor.users.customer));
    floorStream = await openEventStream(base, await token(floor.users.manager), '/api/staff/events');
  });
  afterAll(() => {
    customerStream?.close();
    floorStream?.close();
  });

  /**
   * The events of each stream until both have been quiet for a moment (both streams are then empty): a slow
   * machine may deliver a step's events after the response, and they must not leak into the next step.
   */
  async function drain(): Promise<{ customer: { event: string; data: Record<string, unknown> }[]; floor: Record<string, unknown>[] }> {
    const customer: { event: string; data: Record<string, unknown> }[] = [];
    const floorEvents: Record<string, unknown>[] = [];
    const deadline = Date.now() + 3_000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const fromCustomer = customerStream.pending();
      const fromFloor = floorStream.pending();
      customer.push(...fromCustomer.map((event) => ({ event: event.event, data: JSON.parse(event.data) as Record<string, unknown> })));
      floorEvents.push(...fromFloor.map((event) => JSON.parse(event.data) as Record<string, unknown>));
      if ((fromCustomer.length === 0 && fromFloor.length === 0) || Date.now() > deadline) return { customer, floor: floorEvents };
    }
  }

  it('tells the customer each step with its label and the centre every change of its floor', async () => {
    const technician = await floor.addMember('technician');
    const order = await floor.openOrder();
    // The opening's own events, awaited so they cannot arrive during the next step.
    await customerStream.next();
    await drain();

    expect((await floor.assign(order.id, { technicianId: technician.id, bayNo: 2 })).statusCode).toBe(200);
    const assigned = await drain();
    expect(assigned.customer).toEqual([]);
    expect(assigned.floor).toEqual([expect.objectContaining({ centreId: floor.centreA.id, kind: 'service-order', serviceOrderId: order.id, appointmentId: order.appointmentId })]);

    expect((await floor.act(order.id, 'start', technician)).statusCode).toBe(200);
    const started = await drain();
    const statusOf = (events: { event: string; data: Record<string, unknown> }[]) =>
      events.filter((event) => event.event === 'service-order').map((event) => serviceOrderEventSchema.parse(event.data));
    expect(statusOf(started.customer)).toEqual([expect.objectContaining({ serviceOrderId: order.id, status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện', pendingApprovals: 0 })]);
    expect(started.customer.find((event) => event.event === 'appointment-status')?.data).toMatchObject({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện' });
    expect(started.floor.length).toBeGreaterThanOrEqual(1);

    expect((await floor.request(technician, 'POST', '/api/technician/clock/out')).statusCode).toBe(200);
    const paused = await drain();
    expect(paused.customer).toEqual([]);
    expect(paused.floor).toEqual([expect.objectContaining({ serviceOrderId: order.id })]);

    await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS' }).where('service_order_id', '=', order.id).execute();
    expect((await floor.act(order.id, 'finish', technician)).statusCode).toBe(200);
    expect(statusOf((await drain()).customer)).toEqual([expect.objectContaining({ status: 'WORK_DONE', statusLabel: 'Xe đã xong – chờ thanh toán' })]);

    expect((await floor.act(order.id, 'reopen', floor.users.staff, { reason: 'Khách báo còn tiếng kêu' })).statusCode).toBe(200);
    expect(statusOf((await drain()).customer)).toEqual([expect.objectContaining({ status: 'IN_PROGRESS' })]);

    expect((await floor.act(order.id, 'cancel', floor.users.staff, { reason: 'Khách lấy xe về' })).statusCode).toBe(200);
    const cancelled = await drain();
    expect(statusOf(cancelled.customer)).toEqual([expect.objectContaining({ status: 'CANCELLED', statusLabel: 'Đã hủy' })]);
    expect(cancelled.customer.find((event) => event.event === 'appointment-status')?.data).toMatchObject({ status: 'CANCELLED' });
  });

  it("tells a guest's centre only (no customer stream)", async () => {
    const order = await floor.openOrder({ customer: null });
    const events = await drain();
    expect(events.customer).toEqual([]);
    expect(events.floor.some((event) => event.serviceOrderId === order.id)).toBe(true);
  });
});
