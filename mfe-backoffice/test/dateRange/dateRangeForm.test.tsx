import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateRangeForm, lastDays } from '../../src/dateRange';

describe('DateRangeForm', () => {
  it('starts from the range shown, says it as dd/MM/yyyy, and shows the range chosen on "Xem"', async () => {
    const onShow = jest.fn();
    const user = userEvent.setup();
    const { rerender } = render(<DateRangeForm value={{ from: '2026-11-20', to: '2026-11-26' }} onShow={onShow} />);
    const form = screen.getByRole('form', { name: 'Khoảng ngày' });
    expect(form).toHaveTextContent('Đang xem từ 20/11/2026 đến 26/11/2026');
    const from = screen.getByLabelText('Từ ngày');
    const to = screen.getByLabelText('Đến ngày');
    expect(from).toHaveValue('2026-11-20');
    // the ends bound each other
    expect(from).toHaveAttribute('max', '2026-11-26');
    expect(to).toHaveAttribute('min', '2026-11-20');

    await user.clear(from);
    await user.type(from, '2026-11-01');
    expect(to).toHaveAttribute('min', '2026-11-01');
    // nothing is shown before "Xem"
    expect(onShow).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Xem' }));
    expect(onShow).toHaveBeenCalledWith({ from: '2026-11-01', to: '2026-11-26' });
    rerender(<DateRangeForm value={{ from: '2026-11-01', to: '2026-11-26' }} onShow={onShow} />);
    expect(form).toHaveTextContent('Đang xem từ 01/11/2026 đến 26/11/2026');
  });

  it("lastDays: the last days up to today, Vietnam's today by default", () => {
    expect(lastDays(7, '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(lastDays(1, '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    jest.useFakeTimers({ now: new Date('2026-11-25T17:30:00.000Z') });
    try {
      // 00:30 on the 26th in Ho Chi Minh City
      expect(lastDays(7)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    } finally {
      jest.useRealTimers();
    }
  });
});
