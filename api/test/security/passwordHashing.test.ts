import argon2 from 'argon2';
import { hashPassword, PASSWORD_HASHES_AT_ONCE, passwordHashingLoad, verifyAgainstNothing, verifyPassword } from '../../src/security/passwords';

describe('password hashing holds a bounded amount of memory', () => {
  it('runs at most PASSWORD_HASHES_AT_ONCE argon2 hashes at once, however many logins arrive together', async () => {
    const hash = await hashPassword('Mật-khẩu-đúng-1');
    const seen: number[] = [];
    const sampler = setInterval(() => seen.push(passwordHashingLoad().running), 1);
    const logins = Array.from({ length: 12 }, (_, i) => verifyPassword(hash, i % 3 === 0 ? 'Mật-khẩu-đúng-1' : `sai-${i}`));
    // All twelve were asked for at once: all but the running ones wait.
    expect(passwordHashingLoad()).toEqual({ running: PASSWORD_HASHES_AT_ONCE, waiting: 12 - PASSWORD_HASHES_AT_ONCE });
    const results = await Promise.all(logins);
    clearInterval(sampler);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 === 0));
    expect(Math.max(...seen)).toBeLessThanOrEqual(PASSWORD_HASHES_AT_ONCE);
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('counts argon2 calls in flight, not only the ones it started: never more than the bound', async () => {
    let inFlight = 0;
    let most = 0;
    const realVerify = argon2.verify;
    const spy = jest.spyOn(argon2, 'verify').mockImplementation(async (...args: Parameters<typeof argon2.verify>) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await realVerify(...args);
      } finally {
        inFlight -= 1;
      }
    });
    try {
      const hash = await hashPassword('một mật khẩu');
      await Promise.all([...Array.from({ length: 6 }, () => verifyPassword(hash, 'một mật khẩu')), ...Array.from({ length: 4 }, () => verifyAgainstNothing('x'))]);
      expect(most).toBe(PASSWORD_HASHES_AT_ONCE);
    } finally {
      spy.mockRestore();
    }
  });

  it('frees its place when a hash fails: a malformed stored hash neither counts nor blocks the next login', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => verifyPassword('không-phải-argon2', 'x')));
    expect(results).toEqual([false, false, false, false, false]);
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
    expect(await verifyPassword(await hashPassword('abc12345'), 'abc12345')).toBe(true);
  });
});
