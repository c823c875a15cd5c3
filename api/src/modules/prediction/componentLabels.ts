import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { COMPONENTS } from '../diagnostics/knowledgeBase';

/**
 * A component's Vietnamese label and the service to book for it: the diagnostics knowledge base's where it
 * knows the component, else the label of the catalogue's checklist templates (spec predictive.md §1: "its
 * label comes from the catalogue"), else the code.
 */
export interface ComponentInfo {
  label: string;
  serviceSlug: string | null;
}

export async function componentInfo(db: Kysely<Database>): Promise<(code: string) => ComponentInfo> {
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
  return (code) => known.get(code) ?? fromCatalogue.get(code) ?? { label: code, serviceSlug: null };
}
