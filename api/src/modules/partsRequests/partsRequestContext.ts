import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../appContext';
import { serviceOrderContextOf, type ServiceOrderContext } from '../serviceOrders';
import { serviceOrderParts } from './serviceOrderParts';

/** What the parts request and approval operations share (built once per registration by partsRequestContextOf). */
export interface PartsRequestContext extends ServiceOrderContext {
  /** The site's public origin: the approval email links to `${publicUrl}/dashboard`. */
  publicUrl: string;
}

/** The parts requests' context from the app's. */
export function partsRequestContextOf(context: AppContext, log: Pick<FastifyBaseLogger, 'warn' | 'error'>): PartsRequestContext {
  return { ...serviceOrderContextOf(context, log, serviceOrderParts), publicUrl: context.config.publicUrl };
}
