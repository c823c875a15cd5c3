import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ApiDocsAccess } from '../config';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI 3.1 document, generated from every route's zod schemas (zod → JSON Schema), and Swagger UI at
 * /api/docs (document at /api/docs/json and /api/docs/yaml). Register before the routes (it collects them with an onRoute hook).
 * `docs.access` (API_DOCS) says who is served /api/docs: nobody ('off': no route, 404), whoever passes `docs.adminGuard`
 * ('admin': requireRole('admin'), 401/403 otherwise) or anyone ('public'). The document itself is always built
 * (app.swagger(): the contract tests read it).
 */
export function registerOpenApi(app: FastifyInstance, version: string, docs: { access: ApiDocsAccess; adminGuard: preHandlerAsyncHookHandler }): void {
  const { access } = docs;
  void app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'EV Service & Parts Shop API',
        description:
          'API của cửa hàng dịch vụ & phụ tùng xe điện. Mọi phản hồi có dạng `{ success, message, data }`; ' +
          'lỗi có dạng `{ success: false, message, code, errors? }` với thông điệp tiếng Việt. ' +
          'Đường dẫn không phân biệt chữ hoa/thường.',
        version,
      },
      tags: [
        { name: 'health', description: 'Tình trạng hệ thống' },
        { name: 'centres', description: 'Chi nhánh dịch vụ' },
      ],
    },
    transform: createJsonSchemaTransform({ skipList: [DOCS_PREFIX, `${DOCS_PREFIX}/*`] }),
    transformObject: jsonSchemaTransformObject,
  });
  if (access === 'off') return;
  void app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    ...(access === 'admin' ? { uiHooks: { preHandler: docs.adminGuard } } : {}),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
