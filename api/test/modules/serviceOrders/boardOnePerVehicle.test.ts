import { serviceOrderBoardSchema, type ServiceOrderBoard } from 'shared-contracts/schemas';
import { createCentre, DEFAULT_NOW } from '../../support/serviceTestKit';
import { TODAY, productionDatabase, useFloor } from '../../support/floorTestKit';

/**
 * One car, one place on the board (issue 36 §1): a vehicle checked in for one appointment with another waiting
 * the same day stood in two columns. Each plate now shows once, in the column the shared machine puts first,
 * with its other entries of the day named on that card.
 */
describe.each(productionDatabase())('one card per vehicle on the board on $label', (target) => {
  const floor = useFloor(target);

  const readBoard = async (user: Parameters<typeof floor.request>[0]): Promise<ServiceOrderBoard> => {
    const response = await floor.request(user, 'GET', '/api/service-orders/board');
    expect(response.statusCode).toBe(200);
    return serviceOrderBoardSchema.parse(response.json().data);
  };
  const placesOf = (board: ServiceOrderBoard, plate: string) => [
    ...board.waiting.filter((appointment) => appointment.licensePlate === plate).map(() => 'WAITING'),
    ...board.orders.filter((card) => card.licensePlate === plate).map((card) => card.status),
  ];

  it('shows a car checked in at 09:00 with a 10:30 appointment once, as its order, naming the appointment', async () => {
    const centreId = await createCentre(floor.db, { bays: 4, open: '07:00', close: '20:00' });
    const staff = await floor.addMember('staff', centreId, 'Nhân Viên Một Xe');
    const car = await floor.addCar(floor.users.customer);
    const morning = await floor.bookToday({ centreId, time: '09:00', vehicleId: car.id });
    const later = await floor.bookToday({ centreId, time: '10:30', vehicleId: car.id });
    const other = await floor.bookToday({ centreId, time: '11:00' });
    const checkedIn = await floor.checkIn(morning.appointmentId, {}, staff);
    expect(checkedIn.statusCode).toBe(201);

    const board = await readBoard(staff);
    expect(placesOf(board, car.licensePlate)).toEqual(['OPEN']);
    expect(board.orders.find((card) => card.licensePlate === car.licensePlate)!.sameVehicle).toEqual([
      { kind: 'appointment', id: later.appointmentId, code: later.code, label: 'Lịch hẹn 10:30 · Đã xác nhận' },
    ]);
    expect(placesOf(board, other.licensePlate)).toEqual(['WAITING']);
  });

  it('shows a car back after an order closed this morning once, in Chờ tiếp nhận', async () => {
    const centreId = await createCentre(floor.db, { bays: 4, open: '07:00', close: '20:00' });
    const staff = await floor.addMember('staff', centreId, 'Nhân Viên Xe Quay Lại');
    const car = await floor.addCar(floor.users.customer);
    const morning = await floor.bookToday({ centreId, time: '08:00', vehicleId: car.id });
    const order = (await floor.checkIn(morning.appointmentId, {}, staff)).json().data as { id: number };
    const paidAt = DEFAULT_NOW;
    await floor.db
      .insertInto('service_invoices')
      .values({ code: `HDX${order.id}`, service_order_id: order.id, centre_id: centreId, subtotal_services: 199_000, subtotal_parts: 0, package_discount: 0, total: 199_000, payment_method: 'CASH', payment_status: 'PAID', issued_by: null, issued_at: paidAt, paid_at: paidAt, confirmed_by: null })
      .execute();
    await floor.db.updateTable('service_orders').set({ status: 'CLOSED', invoiced_at: paidAt, closed_at: paidAt }).where('id', '=', order.id).execute();
    const back = await floor.bookToday({ centreId, time: '15:00', vehicleId: car.id });

    const board = await readBoard(staff);
    expect(board.date).toBe(TODAY);
    expect(placesOf(board, car.licensePlate)).toEqual(['WAITING']);
    expect(board.waiting.find((appointment) => appointment.licensePlate === car.licensePlate)!.id).toBe(back.appointmentId);
  });
});
