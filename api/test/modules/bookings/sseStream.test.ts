import { rmSync } from 'node:fs';
import type { App } from '../../../src/app';
import { memoryEventBus, type EventBus } from '../../../src/events/eventBus';
import { appointmentEventsRoutes } from '../../../src/modules/bookings/appointmentEventsRoutes';
import { manualClock } from '../../../src/security/clock';
import { testConfig } from '../../support/authTestKit';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { listen, openEventStream } from '../../support/sseClient';

const PATH = '/probe/appointments/events';

async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The SSE route on its own bus, with a 40 ms heartbeat: what happens to the stream and its subscription. */
describe.each(productionDatabase())('the appointment event stream on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;
  let bus: EventBus;
  let baseUrl: string;
  let token: string;
  const config = testConfig();

  beforeAll(async () => {
    bus = memoryEventBus();
    app = buildTestApp(scratch.db, { context: { config, clock: manualClock(new Date()) } });
    void app.register(appointmentEventsRoutes, { prefix: '/probe', events: bus, heartbeatMs: 40 });
    await app.ready();
    baseUrl = await listen(app);
    token = (await app.accessTokens.issue({ userId: 42, role: 'customer' })).token;
  });
  afterAll(async () => {
    await app.close();
    rmSync(config.uploadDir, { recursive: true, force: true });
  });

  it('sends a heartbeat comment, the events of its customer, and unsubscribes when the client goes away', async () => {
    const stream = await openEventStream(baseUrl, token, PATH);
    expect(stream.status).toBe(200);
    expect(bus.subscriberCount()).toBe(1);
    await until(() => stream.comments().some((comment) => comment.startsWith(': heartbeat')));

    const event = { appointmentId: 7, code: 'LH261120ABCDE', status: 'CONFIRMED' as const, statusLabel: 'Đã xác nhận', at: '2026-11-19T01:00:00.000Z' };
    await bus.publish({ userId: 41, centreId: 1, event: { ...event, appointmentId: 6 } });
    await bus.publish({ userId: 42, centreId: 1, event });
    const received = await stream.next();
    expect(received).toEqual({ event: 'appointment-status', data: JSON.stringify(event) });
    // A service order of one of its appointments, as `event: service-order`; another customer's and a centre's floor change are not its.
    const order = { appointmentId: 7, serviceOrderId: 3, serviceOrderCode: 'PDV261119AB12', status: 'OPEN' as const, statusLabel: 'Đã tiếp nhận', pendingApprovals: 0, at: event.at };
    await bus.publishServiceOrder({ userId: 41, centreId: 1, event: { ...order, appointmentId: 6 } });
    await bus.publishServiceOrder({ userId: 42, centreId: 1, event: order });
    await bus.publishFloorChange(1, { kind: 'payment', appointmentId: 7, serviceOrderId: 3 });
    expect(await stream.next()).toEqual({ event: 'service-order', data: JSON.stringify(order) });
    expect(stream.pending()).toEqual([]);

    stream.close();
    await until(() => bus.subscriberCount() === 0);
  });

  it('ends the open streams when the server closes', async () => {
    const first = await openEventStream(baseUrl, token, PATH);
    const second = await openEventStream(baseUrl, token, PATH);
    expect(bus.subscriberCount()).toBe(2);
    await app.close();
    await Promise.all([first.ended, second.ended]);
    expect(bus.subscriberCount()).toBe(0);
  });
});
