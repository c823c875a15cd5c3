import argon2 from 'argon2';
import {
  hashPassword,
  limitPasswordHashingMemory,
  PASSWORD_HASH_MEMORY_MB,
  PASSWORD_HASHES_AT_ONCE,
  passwordHashingLoad,
  verifyAgainstNothing,
  verifyPassword,
} from '../../src/security/passwords';

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

  describe('under a memory ceiling (the API passes its memory saver threshold)', () => {
    afterEach(() => limitPasswordHashingMemory(0));

    /** The most hashes seen running at once while `logins` of the right password run together. */
    async function mostAtOnce(logins: number, during?: () => void): Promise<{ most: number; results: boolean[] }> {
      const hash = await hashPassword('Mật-khẩu-đúng-1');
      const seen: number[] = [];
      const sampler = setInterval(() => {
        seen.push(passwordHashingLoad().running);
        during?.();
      }, 1);
      const results = await Promise.all(Array.from({ length: logins }, () => verifyPassword(hash, 'Mật-khẩu-đúng-1')));
      clearInterval(sampler);
      return { most: Math.max(...seen), results };
    }

    it('hashes one at a time while the RSS leaves no room for a second hash under the ceiling', async () => {
      limitPasswordHashingMemory(225, () => 225 - PASSWORD_HASH_MEMORY_MB + 1);
      const { most, results } = await mostAtOnce(6);
      expect(results).toEqual([true, true, true, true, true, true]);
      expect(most).toBe(1);
      expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
    });

    it('still runs PASSWORD_HASHES_AT_ONCE while there is room', async () => {
      limitPasswordHashingMemory(225, () => 150);
      const { most } = await mostAtOnce(6);
      expect(most).toBe(PASSWORD_HASHES_AT_ONCE);
    });

    it('lets the queued logins run side by side again once the memory is back', async () => {
      let rssMb = 240;
      limitPasswordHashingMemory(225, () => rssMb);
      const hash = await hashPassword('Mật-khẩu-đúng-1');
      const logins = Array.from({ length: 6 }, () => verifyPassword(hash, 'Mật-khẩu-đúng-1'));
      expect(passwordHashingLoad()).toEqual({ running: 1, waiting: 5 });
      rssMb = 150;
      const seen: number[] = [];
      const sampler = setInterval(() => seen.push(passwordHashingLoad().running), 1);
      await Promise.all(logins);
      clearInterval(sampler);
      expect(Math.max(...seen)).toBe(PASSWORD_HASHES_AT_ONCE);
      expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
    });
  });
});
