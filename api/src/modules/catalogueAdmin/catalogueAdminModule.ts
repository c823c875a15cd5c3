import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { createImageEncoder, PRODUCT_IMAGE_FILE_PATTERN, productImagesFolder, sendStoredWebp } from '../media';
import { catalogueAdminMessages } from './catalogueAdminMessages';
import { catalogueAdminRoutes } from './catalogueAdminRoutes';
import { createCatalogueChangeFeed } from './catalogueChangeFeed';
import { packageAdminRoutes } from './packageAdminRoutes';
import { productCsvRoutes } from './productCsvRoutes';
import { promotionAdminRoutes } from './promotionAdminRoutes';
import { serviceAdminRoutes } from './serviceAdminRoutes';
import { taxonomyAdminRoutes } from './taxonomyAdminRoutes';
import { named } from '../../http/pluginName';

/** The encoder's process ends after this long without a product photo (an admin uploads a few at a time). */
const PRODUCT_IMAGE_ENCODER_IDLE_MS = 60_000;
/** How long the app's start waits for the change feed to subscribe. */
const FEED_START_WAIT_MS = 1_000;

/**
 * The admin's catalogue (issue 34: products, promotions, categories, brands, services, packages): its routes, the feed that tells every instance of a change, the
 * product photos' encoder and GET /api/media/products/:name (public: an <img> sends no token).
 */
export const catalogueAdminModule: FastifyPluginAsync<{ context: AppContext }> = named('catalogueAdminModule', async (app, { context }) => {
  const { db, config } = context;
  const feed = createCatalogueChangeFeed({ config, db, log: app.log.child({ module: 'catalogue-changes' }) });
  const encoder = createImageEncoder({ uploadDir: config.uploadDir, idleExitMs: PRODUCT_IMAGE_ENCODER_IDLE_MS });
  // A broker that is down must not keep the API from answering: wait for the feed a second at most, as the
  // session-revocation feed does (app.ts); it subscribes later on its own and drops the caches when it does.
  app.addHook('onReady', async () => {
    const starting = feed.start().catch((error: unknown) => {
      app.log.error({ err: error }, 'catalogue changes: could not start the feed; other instances\' changes show when caches expire');
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([starting, new Promise<void>((resolve) => (timer = setTimeout(resolve, FEED_START_WAIT_MS)))]);
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    await Promise.all([feed.close(), encoder.close()]);
  });
  await app.register(catalogueAdminRoutes, { write: { db, uploadDir: config.uploadDir }, feed, encoder });
  await app.register(productCsvRoutes, { write: { db, uploadDir: config.uploadDir }, feed });
  await app.register(promotionAdminRoutes, { db, uploadDir: config.uploadDir, feed });
  await app.register(taxonomyAdminRoutes, { db, feed });
  await app.register(serviceAdminRoutes, { db, feed });
  await app.register(packageAdminRoutes, { db, feed });
  app.get<{ Params: { name: string } }>(
    '/media/products/:name',
    { schema: { tags: ['media'], summary: 'Ảnh sản phẩm đã lưu (WebP ≤ 1600 px)' } },
    async (request, reply) =>
      sendStoredWebp(reply, productImagesFolder(config.uploadDir), request.params.name, PRODUCT_IMAGE_FILE_PATTERN, catalogueAdminMessages.imageNotFound),
  );
});
