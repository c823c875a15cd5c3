import { notificationTime } from '../../src/notifications/notificationTime';

describe('a notification’s time', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('is relative within a day', () => {
    expect(notificationTime('2026-11-27T11:59:30Z', now)).toBe('Vừa xong');
    expect(notificationTime('2026-11-27T11:45:00Z', now)).toBe('15 phút trước');
    expect(notificationTime('2026-11-27T07:00:00Z', now)).toBe('5 giờ trước');
  });

  it('is dd/MM HH:mm in Vietnam’s time after a day', () => {
    // 20:30 UTC on the 25th is 03:30 on the 26th in Asia/Ho_Chi_Minh
    expect(notificationTime('2026-11-25T20:30:00Z', now)).toBe('26/11 03:30');
  });
});
