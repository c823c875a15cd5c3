import type { Kysely } from 'kysely';
import { CHECKLIST_COMPONENT_LABELS } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { COMPONENTS } from './knowledgeBase';

/**
 * A component's Vietnamese label and the service to book for it: the diagnostics knowledge base's where it
 * knows the component, else the label of the catalogue's checklist templates (spec predictive.md §1: "its
 * label comes from the catalogue"), else the component's Vietnamese name (shared-contracts), else the code.
 */
export interface ComponentInfo {
  label: string;
  serviceSlug: string | null;
}

/** The catalogue's labels are read again at most this often (a forecast asks for them every time). */
export const COMPONENT_INFO_TTL_MS = 60_000;
const cached = new WeakMap<object, { at: number; info: Promise<(code: string) => ComponentInfo> }>();

/** The labels, read from the catalogue at most every COMPONENT_INFO_TTL_MS per database. */
export function componentInfo(db: Kysely<Database>, now = Date.now()): Promise<(code: string) => ComponentInfo> {
  const entry = cached.get(db);
  if (entry && now - entry.at <= COMPONENT_INFO_TTL_MS) return entry.info;
  const info = readComponentInfo(db);
  cached.set(db, { at: now, info });
  info.catch(() => cached.delete(db));
  return info;
}

async function readComponentInfo(db: Kysely<Database>): Promise<(code: string) => ComponentInfo> {
  const known = new Map<string, ComponentInfo>(COMPONENTS.map((component) => [component.code, { label: component.label, serviceSlug: component.serviceSlug }]));
  const services = await db.selectFrom('services').select(['slug', 'checklist']).where('is_active', '=', 1).execute();
  const fromCatalogue = new Map<string, ComponentInfo>();
  for (const service of services) {
    let items: unknown;
    try {
      items = JSON.parse(service.checklist);
    } catch {
      continue;
    }
    if (!Array.isArray(items)) continue;
    for (const item of items as { code?: unknown; label?: unknown }[]) {
      if (typeof item.code === 'string' && typeof item.label === 'string' && !fromCatalogue.has(item.code)) {
        fromCatalogue.set(item.code, { label: item.label, serviceSlug: service.slug });
      }
    }
  }
  return (code) => known.get(code) ?? fromCatalogue.get(code) ?? { label: CHECKLIST_COMPONENT_LABELS[code] ?? code, serviceSlug: null };
}
