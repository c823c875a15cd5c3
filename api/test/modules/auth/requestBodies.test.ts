import { z } from 'zod';
import { loginRequestSchema, logoutRequestSchema, vehicleUpdateInputSchema } from 'shared-contracts/schemas';
import { objectSchemaKeys, withKnownKeyCase } from '../../../src/http/bodyFields';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { bearer, newCustomer, PASSWORD, registerAndLogin, startAuthApp, type AuthTestApp } from '../../support/authTestKit';

const NO_FIELD = { success: false, code: 'VALIDATION_ERROR', message: 'Không có trường nào để cập nhật.' };

describe('body keys', () => {
  it('reads the keys of object schemas through optional, nullable, refinements and transforms', () => {
    expect(objectSchemaKeys(loginRequestSchema)).toEqual(['email', 'emailOrPhone', 'password']);
    expect(objectSchemaKeys(logoutRequestSchema)).toEqual(['refreshToken']);
    expect(objectSchemaKeys(vehicleUpdateInputSchema)).toContain('odometerNote');
    expect(() => objectSchemaKeys(z.string())).toThrow();
  });

  it('renames keys that differ only by case; an exact key wins; others are left alone', () => {
    const known = new Map([['email', 'email'], ['password', 'password']]);
    expect(withKnownKeyCase({ Email: 'a@b.vn', PASSWORD: 'x', RememberMe: true }, known)).toEqual({ email: 'a@b.vn', password: 'x', RememberMe: true });
    expect(withKnownKeyCase({ Email: 'sai@b.vn', email: 'dung@b.vn' }, known)).toEqual({ email: 'dung@b.vn' });
  });
});

describe.each(productionDatabase())('the original React client’s PascalCase bodies, and empty updates, on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let t: AuthTestApp;
  /**
   * Every PUT and PATCH route of the API whose body has a schema (its known fields). A route with
   * attachValidation checks its body itself, after its guard (the checklist answer: 422 naming the rule broken),
   * and is covered by its own tests. A PUT that puts an item into a set (the wishlist's heart) is no update: its
   * body only carries optional settings, and an empty one saves the item (its own tests).
   */
  const updateRoutes: { method: string; url: string }[] = [];
  const PUTS_INTO_A_SET = new Set(['/api/wishlist/items/:productId']);

  beforeAll(async () => {
    t = await startAuthApp(scratch.db, {
      routes: (app) =>
        app.addHook('onRoute', (route) => {
          if (!route.schema?.body || route.attachValidation || PUTS_INTO_A_SET.has(route.url)) return;
          for (const method of [route.method].flat()) if (method === 'PUT' || method === 'PATCH') updateRoutes.push({ method, url: route.url });
        }),
    });
  });
  afterAll(() => t.close());

  it('registers, signs in, refreshes and logs out with PascalCase keys', async () => {
    const customer = newCustomer();
    const pascal = Object.fromEntries(Object.entries(customer).map(([key, value]) => [key[0]!.toUpperCase() + key.slice(1), value]));
    expect(pascal).toHaveProperty('FullName');
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: pascal });
    expect(registered.statusCode).toBe(201);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: customer.email, Password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.email).toBe(customer.email);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { RefreshToken: login.json().data.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const loggedOut = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { REFRESHTOKEN: refreshed.json().data.refreshToken } });
    expect(loggedOut.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: refreshed.json().data.refreshToken } })).statusCode).toBe(401);
  });

  it('saves a PascalCase profile update', async () => {
    const { session } = await registerAndLogin(t.app);
    const update = { FullName: 'Trần Thị Bình', PhoneNumber: '0987 654 321', Address: '45 Lê Lợi, Quận 1, TP. Hồ Chí Minh', DateOfBirth: '1990-01-02', Gender: 'FEMALE' };
    const response = await t.app.inject({ method: 'PUT', url: '/api/Auth/profile', headers: bearer(session.accessToken), payload: update });
    expect(response.statusCode).toBe(200);
    const saved = (await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) })).json().data;
    expect(saved).toMatchObject({ fullName: 'Trần Thị Bình', phoneNumber: '0987654321', address: update.Address, dateOfBirth: '1990-01-02', gender: 'FEMALE' });
  });

  it('answers 422 to a profile update with no field it knows, and saves nothing', async () => {
    const { body, session } = await registerAndLogin(t.app);
    for (const payload of [{}, { Ten: 'Không ai biết', email: 'khac@example.vn', role: 'admin' }]) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/Auth/profile', headers: bearer(session.accessToken), payload });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(NO_FIELD);
    }
    const empty = await t.app.inject({ method: 'PUT', url: '/api/Auth/profile', headers: { ...bearer(session.accessToken), 'content-type': 'application/json' }, payload: 'null' });
    expect(empty.statusCode).toBe(422);
    const saved = (await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) })).json().data;
    expect(saved).toMatchObject({ fullName: body.fullName, email: body.email, role: 'customer' });
  });

  it('answers 422 to an empty body on every PUT and PATCH route (profile, vehicles, cart, appointment status…)', async () => {
    const urls = updateRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['PUT /api/auth/profile', 'PUT /api/vehicles/:id', 'PUT /api/cart/items/:lineId', 'PATCH /api/appointments/:id/status', 'PATCH /api/service-orders/:id/assignment']),
    );
    const { session } = await registerAndLogin(t.app);
    for (const route of updateRoutes) {
      const url = route.url.replace(/:lineId/g, 'p-1').replace(/:[A-Za-z]+/g, '1');
      for (const payload of [{}, { Khong: 'biết' }]) {
        const response = await t.app.inject({ method: route.method as 'PUT' | 'PATCH', url, headers: bearer(session.accessToken), payload });
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode, body: response.json() }).toEqual({ route: `${route.method} ${route.url}`, status: 422, body: NO_FIELD });
      }
    }
  });

  it('keeps answering 400 with field errors when a known field is wrong', async () => {
    const { session } = await registerAndLogin(t.app);
    const response = await t.app.inject({ method: 'PUT', url: '/api/Auth/profile', headers: bearer(session.accessToken), payload: { DateOfBirth: 'hôm qua' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});
