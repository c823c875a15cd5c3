import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  serviceAdminInputSchema,
  serviceAdminListQuerySchema,
  serviceAdminPageResponseSchema,
  serviceAdminParamsSchema,
  serviceAdminResponseSchema,
  serviceAdminUpdateSchema,
  type ServiceAdminInput,
  type ServiceAdminListQuery,
  type ServiceAdminUpdate,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { registerArchivableItemRoutes } from './archivableItemRoutes';
import type { CatalogueChangeFeed } from './catalogueChangeFeed';
import {
  createServiceAdmin,
  listServicesAdmin,
  readServiceAdmin,
  saveServiceAdmin,
  serviceAdminMessages as messages,
  serviceHistory,
  setServiceActiveAdmin,
} from './serviceAdminWork';
import { named } from '../../http/pluginName';

export interface ServiceAdminRoutesOptions {
  db: Kysely<Database>;
  feed: CatalogueChangeFeed;
}

/**
 * The admin's services and their checklist templates (shop-operations.md §1, §2): /api/admin/catalogue/services.
 * Writes: admin. Reads: admin and manager. A write shows on /api/services and search at once (the change feed).
 */
export const serviceAdminRoutes: FastifyPluginAsyncZod<ServiceAdminRoutesOptions> = named('serviceAdminRoutes', async (app, { db, feed }) => {
  registerArchivableItemRoutes(app, {
    path: '/admin/catalogue/services',
    feed,
    schemas: {
      listQuery: serviceAdminListQuerySchema,
      list: serviceAdminPageResponseSchema,
      params: serviceAdminParamsSchema,
      item: serviceAdminResponseSchema,
      input: serviceAdminInputSchema,
      update: serviceAdminUpdateSchema,
    },
    summaries: {
      list: 'Danh sách dịch vụ (đang cung cấp và đã lưu trữ): tìm không dấu theo tên, tóm tắt; lọc trạng thái; phân trang',
      item: 'Một dịch vụ với danh mục kiểm tra và phiên bản hiện tại',
      history: 'Lịch sử thay đổi của dịch vụ (ai, khi nào, trường, trước → sau)',
      create: 'Tạo dịch vụ với danh mục kiểm tra',
      save: 'Lưu dịch vụ từ phiên bản đã sửa (phiên bản cũ: 409 kèm dữ liệu hiện tại); phiếu dịch vụ đã mở giữ danh mục kiểm tra cũ',
      active: 'Lưu trữ (false) hoặc khôi phục (true) dịch vụ',
    },
    notFound: { message: messages.notFound, code: ERROR_CODES.SERVICE_NOT_FOUND },
    messages,
    work: {
      list: (query: ServiceAdminListQuery) => listServicesAdmin(db, query),
      read: (id) => readServiceAdmin(db, id),
      history: (id) => serviceHistory(db, id),
      create: (input: ServiceAdminInput, actorId) => createServiceAdmin(db, input, actorId),
      save: (id, update: ServiceAdminUpdate, actorId) => saveServiceAdmin(db, id, update, actorId),
      setActive: (id, isActive, version, actorId) => setServiceActiveAdmin(db, id, isActive, version, actorId),
    },
  });
});
