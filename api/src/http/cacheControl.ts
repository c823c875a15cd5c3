import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the routes of `app` (a plugin's scope), errors included, carries this Cache-Control:
 * 'no-store' for sign-in and account answers, 'private, no-store' for a customer's own data (cart, orders,
 * vehicles, appointments). Set when the request arrives, by a synchronous hook (no promise per request).
 */
export function cacheControlForAll(app: FastifyInstance, value: 'no-store' | 'private, no-store'): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', value);
    done();
  });
}
