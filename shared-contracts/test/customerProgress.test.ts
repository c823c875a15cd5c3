import { customerProgressStep, customerVisitStatus, SERVICE_ORDER_STATUSES } from '../src/backoffice';

describe('the one status a customer sees for a visit', () => {
  const completed = { status: 'COMPLETED', statusLabel: 'Hoàn thành' };

  it('follows the service order once there is one: invoiced but unpaid is awaiting payment, never done', () => {
    expect(customerVisitStatus(completed, { status: 'INVOICED', pendingApprovals: 0 })).toEqual({ label: 'Xe đã xong – chờ thanh toán', tone: 'payment', source: 'serviceOrder' });
    expect(customerVisitStatus(completed, { status: 'CLOSED', pendingApprovals: 0 })).toEqual({ label: 'Đã thanh toán', tone: 'done', source: 'serviceOrder' });
    expect(customerVisitStatus({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện' }, { status: 'IN_PROGRESS', pendingApprovals: 2 })).toEqual({
      label: 'Cần bạn duyệt (2)',
      tone: 'waiting',
      source: 'serviceOrder',
    });
  });

  it('uses the appointment’s label before check-in', () => {
    expect(customerVisitStatus({ status: 'CONFIRMED', statusLabel: 'Đã xác nhận' }, null)).toEqual({ label: 'Đã xác nhận', tone: 'confirmed', source: 'appointment' });
    expect(customerVisitStatus({ status: 'CANCELLED', statusLabel: 'Đã hủy' }, null).tone).toBe('cancelled');
  });

  it('places the order on the customer’s four steps', () => {
    expect(SERVICE_ORDER_STATUSES.map(customerProgressStep)).toEqual([0, 1, 2, 2, 3, -1]);
  });
});
