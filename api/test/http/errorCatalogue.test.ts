import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES, isErrorCode, type ErrorCode } from 'shared-contracts/schemas';
import ts from 'typescript';
import type { App } from '../../src/app';
import { INVALID_INPUT_MESSAGE } from '../../src/http/databaseInputError';
import { apiMessages } from '../../src/http/messages';
import { authGuardMessages } from '../../src/security/authGuard';
import { countersUnavailableMessage } from '../../src/security/counters';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * The error-code catalogue (shared-contracts/src/errors/errorCodes.ts) is every code the API sends. AppError's code
 * is typed ErrorCode, so the typecheck refuses an unknown one; this suite is the belt beside those braces: it reads
 * api/src for the codes handed to AppError (and its helpers), checks the catalogue's own shape, and asks the running
 * app for a few errors.
 */

const SRC = path.resolve(__dirname, '../../src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

interface CodeSite {
  where: string;
  /** The literal's text, or the name after `ERROR_CODES.`. */
  code: string;
  literal: boolean;
}

/**
 * The code argument of every `new AppError(status, code, …)`, `new AppErrorWithData(status, code, …)`,
 * `AppError.notFound(message, code)` (and the other statics), `fieldError(code, field, message)`,
 * `unprocessable(code, message)`, `super(status, code, …)` of an AppError subclass, and the `code` of an error body
 * sent by hand (`{ success: false, code, … }`) or of a `notFound: { message, code }` spec.
 */
function codeSites(file: string): CodeSite[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const sites: CodeSite[] = [];
  const take = (node: ts.Node | undefined) => {
    if (!node) return;
    const where = `${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    if (ts.isStringLiteral(node)) sites.push({ where, code: node.text, literal: true });
    else if (ts.isAsExpression(node)) take(node.expression);
    else if (ts.isPropertyAccessExpression(node) && node.expression.getText(source) === 'ERROR_CODES') sites.push({ where, code: node.name.text, literal: false });
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const args = node.arguments ?? ts.factory.createNodeArray();
      if (ts.isNewExpression(node) && /^(AppError|AppErrorWithData)$/.test(callee)) take(args[1]);
      else if (ts.isCallExpression(node) && /^AppError\.\w+$/.test(callee)) take(callee === 'AppError.badRequest' ? args[2] : args[1]);
      else if (callee === 'fieldError' && args.length === 3) take(args[0]);
      else if (callee === 'unprocessable') take(args[0]);
      else if (node.expression.kind === ts.SyntaxKind.SuperKeyword && args[0] && ts.isNumericLiteral(args[0])) take(args[1]);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const property = (name: string) =>
        node.properties.find((item): item is ts.PropertyAssignment => ts.isPropertyAssignment(item) && item.name.getText(source) === name);
      const sentByHand = property('success')?.initializer.getText(source).startsWith('false');
      const notFoundSpec = ts.isPropertyAssignment(node.parent) && node.parent.name.getText(source) === 'notFound';
      if (sentByHand || notFoundSpec) take(property('code')?.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

describe('the error-code catalogue', () => {
  const files = sourceFiles(SRC);
  const sites = files.flatMap(codeSites);
  const catalogue = new Set<string>(Object.keys(ERROR_CODES));

  it('finds the codes handed to AppError across api/src (the scan itself works)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(sites.length).toBeGreaterThan(250);
    expect(sites.filter((site) => !site.literal).length).toBeGreaterThan(250);
  });

  it('knows every code a call site passes, as a literal or as ERROR_CODES.X', () => {
    expect(sites.filter((site) => !catalogue.has(site.code)).map((site) => `${site.where} ${site.code}`)).toEqual([]);
  });

  it('knows every ERROR_CODES.X named anywhere in api/src', () => {
    const unknown = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bERROR_CODES\.([A-Za-z0-9_]+)/g)]
        .filter((match) => !catalogue.has(match[1]!))
        .map((match) => `${path.relative(SRC, file)} ${match[1]}`),
    );
    expect(unknown).toEqual([]);
  });

  it('is named at the call sites through ERROR_CODES, never as a string literal', () => {
    expect(sites.filter((site) => site.literal).map((site) => `${site.where} '${site.code}': use ERROR_CODES.${site.code}`)).toEqual([]);
  });

  it('has UPPER_SNAKE codes, each its own value', () => {
    for (const [key, value] of Object.entries(ERROR_CODES)) {
      expect(key).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(value).toBe(key);
    }
    expect(Object.keys(ERROR_CODES).length).toBeGreaterThan(150);
  });

  it('has a non-empty Vietnamese default message for every code, and no message without a code', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const message = ERROR_MESSAGES[code];
      expect({ code, message: message.trim() }).toEqual({ code, message });
      expect({ code, vietnamese: /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i.test(message) }).toEqual({
        code,
        vietnamese: true,
      });
      expect(message.length).toBeGreaterThan(5);
    }
  });

  it('gives the framework codes the very messages the API sends for them', () => {
    expect({
      ROUTE_NOT_FOUND: ERROR_MESSAGES.ROUTE_NOT_FOUND,
      VALIDATION_ERROR: ERROR_MESSAGES.VALIDATION_ERROR,
      INVALID_JSON: ERROR_MESSAGES.INVALID_JSON,
      PAYLOAD_TOO_LARGE: ERROR_MESSAGES.PAYLOAD_TOO_LARGE,
      UNSUPPORTED_MEDIA_TYPE: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
      BAD_REQUEST: ERROR_MESSAGES.BAD_REQUEST,
      UNAUTHORIZED: ERROR_MESSAGES.UNAUTHORIZED,
      FORBIDDEN: ERROR_MESSAGES.FORBIDDEN,
      NOT_FOUND: ERROR_MESSAGES.NOT_FOUND,
      CONFLICT: ERROR_MESSAGES.CONFLICT,
      TOO_MANY_REQUESTS: ERROR_MESSAGES.TOO_MANY_REQUESTS,
      INTERNAL_ERROR: ERROR_MESSAGES.INTERNAL_ERROR,
      DATABASE_UNREACHABLE: ERROR_MESSAGES.DATABASE_UNREACHABLE,
      INVALID_INPUT: ERROR_MESSAGES.INVALID_INPUT,
      SERVICE_UNAVAILABLE: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
      UNAUTHENTICATED: ERROR_MESSAGES.UNAUTHENTICATED,
    }).toEqual({
      ROUTE_NOT_FOUND: apiMessages.routeNotFound,
      VALIDATION_ERROR: apiMessages.validation,
      INVALID_JSON: apiMessages.invalidJson,
      PAYLOAD_TOO_LARGE: apiMessages.payloadTooLarge,
      UNSUPPORTED_MEDIA_TYPE: apiMessages.unsupportedMediaType,
      BAD_REQUEST: apiMessages.badRequest,
      UNAUTHORIZED: apiMessages.unauthorized,
      FORBIDDEN: apiMessages.forbidden,
      NOT_FOUND: apiMessages.notFound,
      CONFLICT: apiMessages.conflict,
      TOO_MANY_REQUESTS: apiMessages.tooManyRequests,
      INTERNAL_ERROR: apiMessages.internal,
      DATABASE_UNREACHABLE: apiMessages.databaseUnreachable,
      INVALID_INPUT: INVALID_INPUT_MESSAGE,
      SERVICE_UNAVAILABLE: countersUnavailableMessage,
      UNAUTHENTICATED: authGuardMessages.unauthenticated,
    });
  });
});

describe.each(testDatabases().slice(0, 1))('the codes the API answers with on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    { what: 'an unknown route', request: { method: 'GET', url: '/api/khong-ton-tai' }, status: 404, code: ERROR_CODES.ROUTE_NOT_FOUND },
    { what: 'a body that fails its schema', request: { method: 'POST', url: '/api/auth/login', payload: {} }, status: 400, code: ERROR_CODES.VALIDATION_ERROR },
    {
      what: 'malformed JSON',
      request: { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' },
      status: 400,
      code: ERROR_CODES.INVALID_JSON,
    },
    { what: 'no access token', request: { method: 'GET', url: '/api/auth/profile' }, status: 401, code: ERROR_CODES.UNAUTHENTICATED },
    {
      what: 'an invalid access token',
      request: { method: 'GET', url: '/api/auth/profile', headers: { authorization: 'Bearer not.a.token' } },
      status: 401,
      code: ERROR_CODES.UNAUTHENTICATED,
    },
  ] as const)('$what: $status $code, a catalogue code with its default message', async ({ request, status, code }) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    const body = response.json() as { success: boolean; code: unknown; message: unknown };
    expect(body.success).toBe(false);
    expect(isErrorCode(body.code)).toBe(true);
    expect(body.code).toBe(code);
    expect(body.message).toBe(ERROR_MESSAGES[code]);
  });
});
