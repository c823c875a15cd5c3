/**
 * Gives a Fastify plugin its name (the `fastify.display-name` symbol fastify-plugin sets too); a plugin without one
 * makes Fastify search every loaded module for it on each registration.
 */
export function named<P extends object>(name: string, plugin: P): P {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
