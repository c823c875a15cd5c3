import { DEFAULT_SHUTDOWN_DRAIN_MS, MAX_SHUTDOWN_DRAIN_MS, parseShutdownDrainMs } from '../../src/http/drain';

describe('SHUTDOWN_DRAIN_MS', () => {
  it('drains for the default window in production and not at all elsewhere when unset', () => {
    expect(parseShutdownDrainMs(undefined, 'production')).toBe(DEFAULT_SHUTDOWN_DRAIN_MS);
    expect(parseShutdownDrainMs('  ', 'production')).toBe(DEFAULT_SHUTDOWN_DRAIN_MS);
    expect(parseShutdownDrainMs(undefined, 'development')).toBe(0);
  });

  it('takes whole milliseconds from 0 to the maximum', () => {
    expect(parseShutdownDrainMs('0', 'production')).toBe(0);
    expect(parseShutdownDrainMs('2500', 'development')).toBe(2_500);
    expect(parseShutdownDrainMs(String(MAX_SHUTDOWN_DRAIN_MS), 'production')).toBe(MAX_SHUTDOWN_DRAIN_MS);
  });

  it.each(['-1', '1.5', '5s', String(MAX_SHUTDOWN_DRAIN_MS + 1)])('refuses %s', (value) => {
    expect(() => parseShutdownDrainMs(value, 'production')).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
