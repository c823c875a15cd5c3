import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, INTEGRATED_CARRIERS } from 'shared-contracts/schemas';
import type { AppContext } from '../../appContext';
import { AppError } from '../../http/appError';
import { named } from '../../http/pluginName';
import { installCarriers } from './carrierRegistry';
import { createCarrierRuntime } from './carrierRuntime';

const devStatusParams = z.object({
  carrier: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(INTEGRATED_CARRIERS, { error: 'Đơn vị vận chuyển không hợp lệ.' })),
  trackingCode: z.string().min(1).max(60),
});
const devStatusBody = z.object({ status: z.string().trim().min(1, 'Vui lòng nhập trạng thái.').max(40, 'Trạng thái không hợp lệ.') });

/**
 * The carriers the shop ships with, installed for the process (carrierFor, quoteShipping): the accounts CARRIERS
 * enables, or the local stand-ins outside production. In stand-in mode, a development route moves a parcel at the
 * stand-in and sends its webhook: POST /api/dev/carriers/:carrier/:trackingCode/status { status }.
 */
export const carriersModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('carriersModule', async (app, { context }) => {
  const { config } = context;
  const runtime = createCarrierRuntime({ db: context.db, config: config.carriers, publicUrl: config.publicUrl, clock: context.clock });
  const restore = installCarriers(runtime.adapters);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') runtime.setCallbackOrigin(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
    // The stand-ins' start and GHN's first ward sync take a few seconds: not at the first customer's quote (its 1.5 s).
    runtime.warmUp().catch((error: unknown) => app.log.warn({ err: error }, 'carrier stand-ins did not start'));
  });
  app.addHook('onClose', async () => {
    restore();
    await runtime.close();
  });
  if (!runtime.standIn || config.nodeEnv === 'production') return;
  app.post(
    '/dev/carriers/:carrier/:trackingCode/status',
    { schema: { tags: ['dev'], summary: 'Giả lập đơn vị vận chuyển: chuyển trạng thái vận đơn và gửi webhook (chỉ môi trường phát triển)', params: devStatusParams, body: devStatusBody } },
    async (request) => {
      const { carrier, trackingCode } = request.params;
      try {
        const webhook = await runtime.sendStandInStatus(carrier, trackingCode, request.body.status);
        return { carrier, trackingCode, webhook };
      } catch (error) {
        if (error instanceof RangeError) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, 'Trạng thái vận đơn không hợp lệ.');
        throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Không tìm thấy vận đơn ở đơn vị vận chuyển giả lập.');
      }
    },
  );
});
