import { VIETNAM_TIME_ZONE, VIETNAM_UTC_OFFSET, VIETNAM_UTC_OFFSET_MINUTES, vietnamInstant, vietnamLocalDateTimeOf, vietnamTimestampOf, vietnamWeekdayOf, withVietnamOffset } from '../src/calendar';

describe('the Vietnamese calendar', () => {
  it('names the zone whose offset it uses', () => {
    expect(VIETNAM_TIME_ZONE).toBe('Asia/Ho_Chi_Minh');
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: VIETNAM_TIME_ZONE, timeZoneName: 'longOffset' })
      .formatToParts(new Date('2026-07-01T00:00:00Z'))
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(offset).toBe(`GMT+0${VIETNAM_UTC_OFFSET_MINUTES / 60}:00`);
  });

  it('gives the weekday of an instant in Vietnam, Monday 1 to Sunday 7', () => {
    // Sunday 2026-11-22 17:00 UTC is Monday 00:00 in Vietnam.
    expect(vietnamWeekdayOf('2026-11-22T16:59:59Z')).toBe(7);
    expect(vietnamWeekdayOf('2026-11-22T17:00:00Z')).toBe(1);
    expect(vietnamWeekdayOf(Date.parse('2026-11-27T10:00:00Z'))).toBe(5);
    expect(vietnamWeekdayOf(vietnamInstant('2026-11-28', '00:00'))).toBe(6);
  });

  it('writes an instant as Vietnamese date and time to the second', () => {
    expect(vietnamTimestampOf('2026-03-05T02:05:07Z')).toBe('2026-03-05 09:05:07');
    expect(vietnamTimestampOf(new Date('2026-12-31T17:30:00.999Z'))).toBe('2027-01-01 00:30:00');
  });

  it('reads a clock time with seconds, and nothing that is not a time', () => {
    expect(vietnamInstant('2023-03-25', '14:02:37').toISOString()).toBe('2023-03-25T07:02:37.000Z');
    expect(vietnamInstant('2023-03-25', '14:02').toISOString()).toBe('2023-03-25T07:02:00.000Z');
    expect(Number.isNaN(vietnamInstant('2023-13-25', '14:02:37').getTime())).toBe(true);
    expect(vietnamInstant(vietnamTimestampOf('2026-03-05T02:05:07Z').slice(0, 10), vietnamTimestampOf('2026-03-05T02:05:07Z').slice(11)).toISOString()).toBe('2026-03-05T02:05:07.000Z');
  });

  it("writes a datetime-local value of Vietnam's wall clock and back, with its offset", () => {
    expect(VIETNAM_UTC_OFFSET).toBe(`+0${VIETNAM_UTC_OFFSET_MINUTES / 60}:00`);
    expect(vietnamLocalDateTimeOf('2026-12-31T17:30:00Z')).toBe('2027-01-01T00:30');
    expect(withVietnamOffset('2027-01-01T00:30')).toBe('2027-01-01T00:30:00+07:00');
    expect(new Date(withVietnamOffset(vietnamLocalDateTimeOf('2026-03-05T02:05:00Z'))).toISOString()).toBe('2026-03-05T02:05:00.000Z');
  });
});
