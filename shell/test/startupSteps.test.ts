import { MessageChannel } from 'node:worker_threads';
import { formatVnd } from 'shared-contracts';
import { startInTurns } from '../src/startup/startInTurns';
import { startupSteps } from '../src/startup/startupSteps';

jest.mock('shared-contracts', () => ({ ...jest.requireActual('shared-contracts'), formatVnd: jest.fn(() => '0 ₫') }));

describe('the shell’s start-up steps', () => {
  beforeEach(() => jest.mocked(formatVnd).mockClear());

  it.each(['/', '/products', '/products/ma-phanh-dia-xe-may-dien', '/promotions'])('make the VND formatter on the storefront page %s before the app renders', async (pathname) => {
    const steps = startupSteps(pathname);
    for (const step of steps) await step();
    expect(formatVnd).toHaveBeenCalledTimes(1);
  });

  it.each(['/auth/login', '/orders/EV2611220001', '/staff/appointments', '/technician/orders'])('leave it to the page that needs it on %s', async (pathname) => {
    for (const step of startupSteps(pathname)) await step();
    expect(formatVnd).not.toHaveBeenCalled();
  });

  it('run in order, one after the other and none in the caller’s task, past a step that failed, and the app last', async () => {
    // jsdom has no MessageChannel (the turn between steps); Node's is the same API
    Object.assign(globalThis, { MessageChannel });
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(`${name} started`);
      await Promise.resolve();
      order.push(`${name} done`);
    };
    const started = startInTurns([step('react'), async () => Promise.reject(new Error('chunk failed')), step('router')], step('bootstrap'));
    // not even the first step runs in the caller's task
    expect(order).toEqual([]);
    await started;
    expect(order).toEqual(['react started', 'react done', 'router started', 'router done', 'bootstrap started', 'bootstrap done']);
  });
});
