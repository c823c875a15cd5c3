import { act, render, screen } from '@testing-library/react';
import { EventBus } from 'shared-contracts';
import { ToastHost } from '../src/toast/ToastHost';
import { addToast, MAX_TOASTS, toastDuration, type Toast } from '../src/toast/toastQueue';

describe('toast queue', () => {
  it('uses 3000 ms for success, 4000 ms otherwise, or the duration asked for', () => {
    expect(toastDuration({ type: 'success', message: 'a' })).toBe(3000);
    expect(toastDuration({ type: 'error', message: 'a' })).toBe(4000);
    expect(toastDuration({ type: 'info', message: 'a' })).toBe(4000);
    expect(toastDuration({ type: 'info', message: 'a', duration: 1500 })).toBe(1500);
  });

  it('keeps at most 20 toasts, dropping the oldest', () => {
    let queue: Toast[] = [];
    for (let id = 1; id <= 25; id++) queue = addToast(queue, { type: 'info', message: `#${id}` }, id);
    expect(queue).toHaveLength(MAX_TOASTS);
    expect(queue[0]?.message).toBe('#6');
    expect(queue.at(-1)?.message).toBe('#25');
  });
});

describe('ToastHost', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a toast any remote raises on the bus and removes it after its duration', () => {
    jest.useFakeTimers();
    const bus = new EventBus();
    render(<ToastHost bus={bus} />);
    act(() => bus.publish('toast/show', { type: 'success', message: 'Đã lưu' }));
    act(() => bus.publish('toast/show', { type: 'error', message: 'Lỗi mạng' }));
    expect(screen.getByText('Đã lưu')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Lỗi mạng');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByText('Đã lưu')).not.toBeInTheDocument();
    expect(screen.getByText('Lỗi mạng')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Lỗi mạng')).not.toBeInTheDocument();
  });

  it('never shows more than 20 at once', () => {
    const bus = new EventBus();
    render(<ToastHost bus={bus} />);
    act(() => {
      for (let index = 0; index < 30; index++) bus.publish('toast/show', { type: 'info', message: `Thông báo ${index}` });
    });
    expect(screen.getAllByRole('status')).toHaveLength(20);
    expect(screen.queryByText('Thông báo 9')).not.toBeInTheDocument();
    expect(screen.getByText('Thông báo 29')).toBeInTheDocument();
  });
});
