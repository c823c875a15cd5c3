import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import type { FieldError } from './envelope';
import { apiMessages } from './messages';

let configured = false;

/**
 * Zod speaks Vietnamese in the API: its 'vi' locale, plus 'Trường này là bắt buộc.' for a missing field.
 * Global to the process (zod keeps one config), applied once by buildApp.
 */
export function useVietnameseZodMessages(): void {
  if (configured) return;
  configured = true;
  z.config(z.locales.vi());
  z.config({
    customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? apiMessages.fieldRequired : undefined),
  });
}

/** '/items/0/quantity' → 'items.0.quantity' */
function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/**
 * Fastify validation errors (from the zod validator compiler, or ajv for plain JSON schemas) → the
 * envelope's `errors: [{ field, message }]`. A whole-part error (e.g. no body at all) is reported under the
 * part's name: 'body', 'querystring', 'params', 'headers'.
 */
export function toFieldErrors(validation: readonly FastifySchemaValidationError[], context: string | undefined): FieldError[] {
  return validation.map((entry) => {
    let field = pointerToField(entry.instancePath ?? '');
    const missing = (entry.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    if (entry.keyword === 'required' && typeof missing === 'string') field = field ? `${field}.${missing}` : missing;
    return { field: field || context || 'body', message: entry.message ?? apiMessages.validation };
  });
}
