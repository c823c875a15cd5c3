import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ERROR_CODES,
  packageAdminInputSchema,
  packageAdminListResponseSchema,
  packageAdminParamsSchema,
  packageAdminResponseSchema,
  packageAdminUpdateSchema,
  SERVICE_ADMIN_STATUSES,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { registerArchivableItemRoutes } from './archivableItemRoutes';
import type { CatalogueChangeFeed } from './catalogueChangeFeed';
import {
  createPackageAdmin,
  listPackagesAdmin,
  packageAdminMessages as messages,
  packageHistory,
  readPackageAdmin,
  savePackageAdmin,
  setPackageActiveAdmin,
} from './packageAdminWork';
import { named } from '../../http/pluginName';

export interface PackageAdminRoutesOptions {
  db: Kysely<Database>;
  feed: CatalogueChangeFeed;
}

const listQuerySchema = z.object({ status: z.enum(SERVICE_ADMIN_STATUSES, { error: 'Trạng thái phải là đang bán hoặc đã lưu trữ.' }).optional() });

/**
 * The admin's service packages (shop-operations.md §1, §2): /api/admin/catalogue/packages. Writes: admin. Reads:
 * admin and manager. A write shows on /api/packages and search at once (the change feed).
 */
export const packageAdminRoutes: FastifyPluginAsyncZod<PackageAdminRoutesOptions> = named('packageAdminRoutes', async (app, { db, feed }) => {
  registerArchivableItemRoutes(app, {
    path: '/admin/catalogue/packages',
    feed,
    schemas: {
      listQuery: listQuerySchema,
      list: packageAdminListResponseSchema,
      params: packageAdminParamsSchema,
      item: packageAdminResponseSchema,
      input: packageAdminInputSchema,
      update: packageAdminUpdateSchema,
    },
    summaries: {
      list: 'Mọi gói dịch vụ (đang bán và đã lưu trữ) với lượt dịch vụ',
      item: 'Một gói dịch vụ với phiên bản hiện tại',
      history: 'Lịch sử thay đổi của gói dịch vụ',
      create: 'Tạo gói dịch vụ',
      save: 'Lưu gói dịch vụ từ phiên bản đã sửa (phiên bản cũ: 409 kèm dữ liệu hiện tại)',
      active: 'Lưu trữ (false) hoặc khôi phục (true) gói dịch vụ',
    },
    notFound: { message: messages.notFound, code: ERROR_CODES.PACKAGE_NOT_FOUND },
    messages,
    work: {
      list: (query: z.infer<typeof listQuerySchema>) => listPackagesAdmin(db, query.status),
      read: (id) => readPackageAdmin(db, id),
      history: (id) => packageHistory(db, id),
      create: (input: z.infer<typeof packageAdminInputSchema>, actorId) => createPackageAdmin(db, input, actorId),
      save: (id, update: z.infer<typeof packageAdminUpdateSchema>, actorId) => savePackageAdmin(db, id, update, actorId),
      setActive: (id, isActive, version, actorId) => setPackageActiveAdmin(db, id, isActive, version, actorId),
    },
  });
});
