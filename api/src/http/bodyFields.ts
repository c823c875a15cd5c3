import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { AppError } from './appError';

/**
 * Request-body helpers that run before zod validation (preValidation hooks):
 *
 * - `caseInsensitiveBody(schema)`: the product's original React client was written against a back end that
 *   bound JSON keys case-insensitively, and sends `{ "Email": …, "Password": … }`, `FullName`, `PhoneNumber`…
 *   Each body key that matches one of the schema's keys but for case is renamed to it (a key already spelled
 *   exactly wins); other keys are left to the schema (which drops them).
 * - `requireKnownField(schema)`: an update whose body has none of the schema's fields is a 422, never a
 *   silent "updated" that saved nothing.
 */

export const bodyFieldMessages = {
  noField: 'Không có trường nào để cập nhật.',
} as const;

type AnySchema = z.ZodType;

/** The keys of an object schema, through optional / nullable / default wrappers, pipes (refine, transform) and intersections. */
export function objectSchemaKeys(schema: AnySchema): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) break;
    if (def.type === 'object') return Object.keys(def.shape as Record<string, unknown>);
    if (def.type === 'intersection') return [...objectSchemaKeys(def.left as AnySchema), ...objectSchemaKeys(def.right as AnySchema)];
    if (def.type === 'pipe') current = def.in;
    else if ('innerType' in def) current = def.innerType;
    else break;
  }
  throw new Error('objectSchemaKeys: not an object schema');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `body` with the keys that differ from a known key only by case renamed to it. */
export function withKnownKeyCase(body: Record<string, unknown>, byLowerCase: ReadonlyMap<string, string>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const known = byLowerCase.get(key.toLowerCase());
    if (known === undefined || known === key) result[key] = value;
    else if (!Object.hasOwn(body, known)) result[known] = value;
  }
  return result;
}

/** preValidation: body keys matched case-insensitively onto the schema's keys (`Email` → `email`). */
export function caseInsensitiveBody(schema: AnySchema): preValidationHookHandler {
  const byLowerCase = new Map(objectSchemaKeys(schema).map((key) => [key.toLowerCase(), key]));
  return function caseInsensitiveBodyHook(request, _reply, done) {
    if (isPlainObject(request.body)) request.body = withKnownKeyCase(request.body, byLowerCase);
    done();
  };
}

/**
 * Every route `app` registers from now on (call it first in a plugin) whose body schema is an object gets
 * `caseInsensitiveBody` before its own preValidation hooks.
 */
export function caseInsensitiveBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as AnySchema | undefined;
    if (!body) return;
    const own = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [caseInsensitiveBody(body), ...own];
  });
}

/** preValidation: 422 VALIDATION_ERROR 'Không có trường nào để cập nhật.' when the body has none of the schema's fields. */
export function requireKnownField(schema: AnySchema): preValidationHookHandler {
  const keys = objectSchemaKeys(schema);
  return function requireKnownFieldHook(request, _reply, done) {
    const body = request.body;
    const hasField = isPlainObject(body) && keys.some((key) => body[key] !== undefined);
    if (!hasField && (body === undefined || body === null || isPlainObject(body))) {
      done(new AppError(422, ERROR_CODES.VALIDATION_ERROR, bodyFieldMessages.noField));
      return;
    }
    done();
  };
}
