import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { WebOrderShipping } from '../../src/shipping';
import { shippingApi } from '../../src/shipping/shippingApi';
import { OPTIONS, packedDetail, shipment } from './shippingFixtures';

jest.mock('../../src/shipping/shippingApi', () => ({ shippingApi: { options: jest.fn(), create: jest.fn(), cancel: jest.fn(), pickups: jest.fn(), openLabels: jest.fn() } }));
const api = jest.mocked(shippingApi);

beforeEach(() => {
  jest.clearAllMocks();
  api.options.mockResolvedValue({ options: OPTIONS, fallback: false });
});

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Tạo vận đơn' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tạo vận đơn · EV2611190003' });
  await within(dialog).findByRole('radio', { name: /GHN \(Giao Hàng Nhanh\) · Chuẩn/ });
  return dialog;
}

describe('"Tạo vận đơn" at the desk', () => {
  it('is offered for a packed or confirmed delivery without a live waybill only', () => {
    const { rerender } = render(<WebOrderShipping detail={packedDetail()} onChanged={jest.fn()} onConflict={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Tạo vận đơn' })).toBeInTheDocument();
    rerender(<WebOrderShipping detail={packedDetail({}, { status: 'PLACED', statusLabel: 'Đã đặt hàng' })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Tạo vận đơn' })).not.toBeInTheDocument();
    rerender(<WebOrderShipping detail={packedDetail({}, { fulfilment: { method: 'pickup', address: null, centre: { id: 1, name: 'EV Service Cầu Giấy', address: '1 Xuân Thủy' } } })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Tạo vận đơn' })).not.toBeInTheDocument();
    rerender(<WebOrderShipping detail={packedDetail({ carrierShipment: shipment() })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Tạo vận đơn' })).not.toBeInTheDocument();
    rerender(<WebOrderShipping detail={packedDetail({ carrierShipment: shipment({ status: 'CANCELLED', statusLabel: 'Đã hủy vận đơn', canCancel: false }) })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Tạo vận đơn' })).toBeInTheDocument();
  });

  it('pre-fills COD with the unpaid total and the insured value with the goods, refuses a bad amount, then sends what the clerk chose with the version', async () => {
    const onChanged = jest.fn();
    api.create.mockResolvedValue(shipment({ carrier: 'GHTK', carrierLabel: 'GHTK (Giao Hàng Tiết Kiệm)', service: 'fly', serviceLabel: 'Bay', trackingCode: 'S1.A1.17373471' }));
    render(<WebOrderShipping detail={packedDetail()} onChanged={onChanged} onConflict={jest.fn()} />);
    const dialog = await openDialog();

    // the live quote: fee, expected date dd/MM/yyyy, cheapest pre-selected
    const ghn = within(dialog).getByRole('radio', { name: /GHN \(Giao Hàng Nhanh\) · Chuẩn/ });
    expect(ghn).toBeChecked();
    expect(ghn.closest('label')).toHaveTextContent(/32\.000\s₫ · Dự kiến giao 21\/11\/2026/);
    expect(ghn.closest('label')).toHaveTextContent('Rẻ nhất');
    const cod = within(dialog).getByRole('textbox', { name: 'Tiền thu hộ (COD, VND)' });
    expect(cod).toHaveValue('930000');
    expect(within(dialog).getByRole('textbox', { name: 'Giá trị khai giá (VND)' })).toHaveValue('900000');
    expect(within(dialog).getByRole('combobox', { name: 'Lưu ý giao hàng' })).toHaveDisplayValue('Cho xem hàng, không cho thử');

    await userEvent.clear(cod);
    await userEvent.type(cod, '-5{Enter}');
    expect(await within(dialog).findByText('Tiền thu hộ (COD) phải là số nguyên không âm (VND).')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.clear(cod);
    await userEvent.type(cod, '930.000');
    await userEvent.click(within(dialog).getByRole('radio', { name: /GHTK \(Giao Hàng Tiết Kiệm\) · Bay/ }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Lưu ý giao hàng' }), 'Cho thử hàng');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Gửi tại bưu cục' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Ghi chú cho shipper (không bắt buộc)' }), 'Gọi trước khi giao');
    // Enter in a field submits the form
    await userEvent.type(cod, '{Enter}');

    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create).toHaveBeenCalledWith('EV2611190003', {
      version: 4,
      carrier: 'GHTK',
      service: 'fly',
      codAmount: 930_000,
      insuredValue: 900_000,
      inspection: 'CHOTHUHANG',
      handover: 'DROP_OFF',
      note: 'Gọi trước khi giao',
    });
    // the dialog closes, the waybill shows at once, the desk reads the order again
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('shipment-block')).toHaveTextContent('S1.A1.17373471');
    expect(onChanged).toHaveBeenCalled();
  });

  it("never shows one order's new waybill in another order", async () => {
    api.create.mockResolvedValue(shipment());
    const { rerender } = render(<WebOrderShipping detail={packedDetail()} onChanged={jest.fn()} onConflict={jest.fn()} />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo vận đơn' }));
    expect(await screen.findByTestId('shipment-block')).toHaveTextContent('GHN5FQ2KX7');
    rerender(<WebOrderShipping detail={packedDetail({}, { code: 'EV2611190009' })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    expect(screen.queryByTestId('shipment-block')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tạo vận đơn' })).toBeInTheDocument();
  });

  it('sends no COD for a paid order', async () => {
    api.create.mockResolvedValue(shipment());
    render(<WebOrderShipping detail={packedDetail({}, { paymentMethod: 'VIETQR', paymentStatus: 'PAID', paymentStatusLabel: 'Đã thanh toán' })} onChanged={jest.fn()} onConflict={jest.fn()} />);
    const dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Tiền thu hộ (COD, VND)' })).toHaveValue('0');
    expect(within(dialog).getByText('Đơn đã thanh toán: không thu hộ.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo vận đơn' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('EV2611190003', expect.objectContaining({ carrier: 'GHN', service: '2', codAmount: 0 })));
  });

  it('explains a stale version (409) and has the order read again', async () => {
    const onConflict = jest.fn();
    api.create.mockRejectedValue(new ApiError('Đơn hàng vừa được cập nhật bởi người khác.', 409, 'CONCURRENT_CHANGE'));
    render(<WebOrderShipping detail={packedDetail()} onChanged={jest.fn()} onConflict={onConflict} />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo vận đơn' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Đơn hàng đã thay đổi trong lúc bạn tạo vận đơn — thông tin mới nhất đã được tải lại.');
    expect(onConflict).toHaveBeenCalledTimes(1);
  });

  it("shows the carrier's refusal (422) and an outage (503), keeping what the clerk typed", async () => {
    api.create
      .mockRejectedValueOnce(new ApiError('GHN từ chối tạo đơn: Số điện thoại người nhận không hợp lệ.', 422, 'CARRIER_REFUSED'))
      .mockRejectedValueOnce(new ApiError('GHN đang không phản hồi. Vui lòng thử lại sau ít phút.', 503, 'CARRIER_UNAVAILABLE'));
    render(<WebOrderShipping detail={packedDetail()} onChanged={jest.fn()} onConflict={jest.fn()} />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Ghi chú cho shipper (không bắt buộc)' }), 'Hàng dễ vỡ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo vận đơn' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('GHN từ chối tạo đơn: Số điện thoại người nhận không hợp lệ.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo vận đơn' }));
    expect(await within(dialog).findByText('GHN đang không phản hồi. Vui lòng thử lại sau ít phút.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Ghi chú cho shipper (không bắt buộc)' })).toHaveValue('Hàng dễ vỡ');
  });

  it("offers GHN Chuẩn and GHTK Đường bộ when the carriers' quote fails, the fee to be confirmed", async () => {
    api.options.mockRejectedValue(new ApiError('Lỗi', 500, 'INTERNAL'));
    api.create.mockResolvedValue(shipment());
    render(<WebOrderShipping detail={packedDetail()} onChanged={jest.fn()} onConflict={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tạo vận đơn' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/phí sẽ được đơn vị vận chuyển xác nhận khi tạo vận đơn/)).toBeInTheDocument();
    const ghtk = within(dialog).getByRole('radio', { name: /GHTK \(Giao Hàng Tiết Kiệm\) · Đường bộ/ });
    expect(within(dialog).getByRole('radio', { name: /GHN \(Giao Hàng Nhanh\) · Chuẩn/ })).toBeChecked();
    expect(ghtk.closest('label')).toHaveTextContent('Phí xác nhận khi tạo vận đơn');
    await userEvent.click(ghtk);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo vận đơn' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('EV2611190003', expect.objectContaining({ carrier: 'GHTK', service: 'road' })));
  });

  it('closes on Escape without sending anything', async () => {
    render(<WebOrderShipping detail={packedDetail()} onChanged={jest.fn()} onConflict={jest.fn()} />);
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });
});
