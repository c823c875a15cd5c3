import { floorChangedEventSchema, serviceOrderEventSchema } from 'shared-contracts/schemas';
import { authHeader } from '../../support/serviceTestKit';
import { listen, openEventStream, type SseStream } from '../../support/sseClient';
import { productionDatabase, useParts } from '../../support/partsTestKit';

/**
 * Every change of a parts request goes out live (spec §6, S5, T4): the centre's floor streams (the staff board,
 * the parts desk, the technician's screen) get floor-changed, the customer's dashboard gets service-order with
 * pendingApprovals ('Cần bạn duyệt (n)'); a customer's approval reaches a connected staff board in well under 2 s.
 */
describe.each(productionDatabase())('parts requests live on $label', (target) => {
  const parts = useParts(target);
  const floor = parts.floor;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await listen(floor.app);
  });

  const tokenOf = async (user: Parameters<typeof authHeader>[1]) => (await authHeader(floor.app, user)).authorization.slice('Bearer '.length);

  /** The next event of `stream` about service order `orderId` (other orders' events skipped). */
  async function nextAbout(stream: SseStream, name: string, orderId: number, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = await stream.next(Math.max(1, deadline - Date.now()));
      const data = JSON.parse(event.data) as Record<string, unknown>;
      if (event.event === name && data.serviceOrderId === orderId) return data;
    }
  }

  it("tells the customer's dashboard 'Cần bạn duyệt (1)' when a request is sent, and the connected staff board live when they approve", async () => {
    const { request, order } = await parts.requestIn('REQUESTED');
    const board = await openEventStream(baseUrl, await tokenOf(floor.users.staff), '/api/staff/events');
    const dashboard = await openEventStream(baseUrl, await tokenOf(floor.users.customer), '/api/appointments/events');
    const otherCentre = await openEventStream(baseUrl, await tokenOf(floor.users.staffB), '/api/staff/events');
    try {
      expect([board.status, dashboard.status, otherCentre.status]).toEqual([200, 200, 200]);
      expect((await parts.act(request.id, 'decision', { action: 'sendToCustomer' })).statusCode).toBe(200);
      const sent = serviceOrderEventSchema.parse(await nextAbout(dashboard, 'service-order', order.id));
      expect(sent).toMatchObject({ appointmentId: order.appointmentId, serviceOrderCode: order.code, status: 'IN_PROGRESS', pendingApprovals: 1, statusLabel: 'Cần bạn duyệt (1)' });
      await nextAbout(board, 'floor-changed', order.id);

      // The approval reaches the connected board live (how fast: bench:backoffice, approval → board p95 < 2 s).
      const approved = await floor.request(floor.users.customer, 'POST', `/api/me/approvals/${request.id}`, { decision: 'approve' });
      expect(approved.statusCode).toBe(200);
      const seen = floorChangedEventSchema.parse(await nextAbout(board, 'floor-changed', order.id, 10_000));
      expect(seen).toMatchObject({ centreId: floor.centreA.id, serviceOrderId: order.id });
      expect(serviceOrderEventSchema.parse(await nextAbout(dashboard, 'service-order', order.id))).toMatchObject({ pendingApprovals: 0, statusLabel: 'Đang thực hiện' });
      expect(otherCentre.pending()).toEqual([]);
    } finally {
      board.close();
      dashboard.close();
      otherCentre.close();
    }
  });

  it("tells the technician's screen of every desk step on their order (request, reserve, issue, return, release)", async () => {
    const part = await parts.addPart();
    await parts.stock(part.id, 5);
    const { order, technician } = await parts.startedOrder();
    const screen = await openEventStream(baseUrl, await tokenOf(technician), '/api/staff/events');
    try {
      const first = await parts.requestPart(order.id, technician, part.id, 2);
      expect(await nextAbout(screen, 'floor-changed', order.id)).toMatchObject({ kind: 'parts-request' });
      await parts.act(first.id, 'decision', { action: 'inScope' });
      expect(await nextAbout(screen, 'floor-changed', order.id)).toMatchObject({ kind: 'parts-request' });
      await parts.act(first.id, 'issue');
      await nextAbout(screen, 'floor-changed', order.id);
      await parts.act(first.id, 'return', { quantity: 1 });
      await nextAbout(screen, 'floor-changed', order.id);
      const second = await parts.requestPart(order.id, technician, part.id, 1);
      await nextAbout(screen, 'floor-changed', order.id);
      await parts.act(second.id, 'decision', { action: 'inScope' });
      await nextAbout(screen, 'floor-changed', order.id);
      await parts.act(second.id, 'release');
      expect(await nextAbout(screen, 'floor-changed', order.id)).toMatchObject({ kind: 'parts-request', centreId: floor.centreA.id });
    } finally {
      screen.close();
    }
  });
});
