import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { SymptomCode, VehicleForecastDto } from 'shared-contracts/diagnostics';
import type { SuggestedCheck } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { VehicleRow } from '../../db/serviceBookingSchema';
import type { Clock } from '../../security/clock';
import { checklistCodesOf, vehicleForecastOf, latestWearModel, type WearModelVersion, NO_EVIDENCE, rankComponents, type SymptomEvidence, symptomEvidenceCache } from '../prediction';
import { appointmentSymptomsOf, type RecordedSymptom } from './appointmentSymptoms';

/**
 * "Nên kiểm tra kỹ" (spec predictive.md §4, check-in and technician): the components of a service order worth a
 * closer look, most likely first. The same path as POST /diagnostics (diagnosticsRoutes.ts): the appointment's
 * symptoms ranked by rankComponents with our learned evidence (symptomEvidenceCache) and the vehicle's own
 * forecast as the priors; then the forecast's own flags, which need no symptom: a component found FAIL and not
 * fixed (NEEDS_ATTENTION_NOW), and one predicted to need attention within 3 months with probability
 * ≥ FORECAST_FLAG_PROBABILITY. Each with its reason in Vietnamese. The suggestions are components
 * (checklistComponents: what an item looks at); checksOnChecklist names them by the order's own checklist codes,
 * so that the technician's checklist, which marks its items by code, flags every item that looks at a flagged
 * component (the brake service's PADS when BRAKE_PADS is ranked).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** How likely a component the vehicle's forecast says needs attention now is taken to be failed. */
export const OPEN_FAILURE_PRIOR = 0.9;
/** A PREDICTED component is flagged without any symptom from this probability within 3 months. */
export const FORECAST_FLAG_PROBABILITY = 0.5;
/** At most this many suggestions on an order (the ranking gives at most MAX_RANKED; the forecast adds its flags). */
export const MAX_SUGGESTED_CHECKS = 8;

/** The ranking's priors from a vehicle's forecast: its own failure probability where it has one. */
export function forecastPriors(forecast: VehicleForecastDto | null): Map<string, number> {
  const priors = new Map<string, number>();
  for (const component of forecast?.components ?? []) {
    if (component.status === 'NEEDS_ATTENTION_NOW') priors.set(component.component, OPEN_FAILURE_PRIOR);
    else if (component.within3Months) priors.set(component.component, component.within3Months.probability);
  }
  return priors;
}

const percent = (probability: number) => `${Math.round(probability * 100)}%`;
const quoted = (labels: readonly string[]) => labels.map((label) => `“${label}”`).join(', ');

export const suggestionReasons = {
  symptoms: (labels: readonly string[]) => `Liên quan đến triệu chứng ${quoted(labels)}`,
  pastCases: (cases: number) => `đã gặp ở ${cases.toLocaleString('vi-VN')} phiếu trước có cùng triệu chứng`,
  openFailure: 'Lần kiểm tra trước không đạt và chưa được khắc phục',
  /** The forecast's flag; its probability is named when the suggestion's own is another (a ranked component's). */
  predicted: (probability: number | null, inspections: number | null) =>
    `Dự báo ${probability === null ? 'nhiều' : percent(probability)} khả năng cần xử lý trong 3 tháng tới` +
    (inspections ? ` (dựa trên ${inspections.toLocaleString('vi-VN')} lượt kiểm tra xe tương tự)` : ''),
} as const;

interface Flag {
  label: string;
  probability: number;
  /** Alone (its probability is the suggestion's), and next to a symptom's ranking (which has its own). */
  reason: string;
  reasonBeside: string;
}

/** The forecast's flags that need no symptom, by component. */
function forecastFlags(forecast: VehicleForecastDto | null): Map<string, Flag> {
  const flags = new Map<string, Flag>();
  for (const component of forecast?.components ?? []) {
    if (component.status === 'NEEDS_ATTENTION_NOW') {
      flags.set(component.component, { label: component.label, probability: OPEN_FAILURE_PRIOR, reason: suggestionReasons.openFailure, reasonBeside: suggestionReasons.openFailure });
    } else if (component.status === 'PREDICTED' && component.within3Months && component.within3Months.probability >= FORECAST_FLAG_PROBABILITY) {
      const probability = component.within3Months.probability;
      const inspections = component.evidence?.inspections ?? null;
      flags.set(component.component, {
        label: component.label,
        probability,
        reason: suggestionReasons.predicted(null, inspections),
        reasonBeside: suggestionReasons.predicted(probability, inspections),
      });
    }
  }
  return flags;
}

/**
 * The suggestions for `symptoms` on a vehicle with `forecast` (null: no vehicle row or no model): the ranked
 * components (their probability is the ranking's, the forecast being its prior), then the forecast's flags not
 * ranked; most likely first, at most MAX_SUGGESTED_CHECKS. Pure: the same input gives the same list.
 */
export function suggestChecks(symptoms: readonly SymptomCode[], evidence: SymptomEvidence, forecast: VehicleForecastDto | null): SuggestedCheck[] {
  const flags = forecastFlags(forecast);
  const suggestions: SuggestedCheck[] = [];
  if (symptoms.length > 0) {
    for (const ranked of rankComponents(symptoms, evidence, forecastPriors(forecast)).ranked) {
      const parts = [suggestionReasons.symptoms(ranked.reasons.map((reason) => reason.label))];
      const pastCases = Math.max(0, ...ranked.reasons.map((reason) => reason.pastCases));
      if (pastCases > 0) parts[0] += `, ${suggestionReasons.pastCases(pastCases)}`;
      const flag = flags.get(ranked.component);
      if (flag) parts.push(flag.reasonBeside);
      flags.delete(ranked.component);
      suggestions.push({ component: ranked.component, label: ranked.label, probability: ranked.probability, reason: `${parts.join('. ')}.` });
    }
  }
  for (const [component, flag] of flags) suggestions.push({ component, label: flag.label, probability: flag.probability, reason: `${flag.reason}.` });
  suggestions.sort((a, b) => b.probability - a.probability || a.component.localeCompare(b.component));
  return suggestions.slice(0, MAX_SUGGESTED_CHECKS);
}

/**
 * The suggestions by the order's checklist codes: a component's suggestion becomes one per item of the checklist
 * that looks at it (checklistCodesOf: its own code first), in the suggestion's place, so that every such item is
 * flagged and put first; an item named otherwise than its component (PADS) carries the item's label. A component
 * no item looks at stays as it is (the technician sees it as a check beyond the checklist).
 */
export function checksOnChecklist(suggestions: readonly SuggestedCheck[], checklist: ReadonlyArray<{ code: string; label: string }>): SuggestedCheck[] {
  const labels = new Map(checklist.map((item) => [item.code, item.label]));
  const named = suggestions.flatMap((suggestion) => {
    const codes = checklistCodesOf(suggestion.component).filter((code) => labels.has(code));
    if (codes.length === 0) return [suggestion];
    return codes.map((code) => (code === suggestion.component ? suggestion : { ...suggestion, component: code, label: labels.get(code)! }));
  });
  // An item flagged twice keeps its first (most likely) suggestion.
  const seen = new Set<string>();
  return named.filter((suggestion) => !seen.has(suggestion.component) && seen.add(suggestion.component));
}

export interface OrderDiagnostics {
  symptoms: RecordedSymptom[];
  suggestedChecks: SuggestedCheck[];
}

/** The latest model is looked up again at most this often (a training run takes minutes; a detail read, ms). */
export const MODEL_TTL_MS = 60_000;
/** A vehicle's forecast is kept this long for the same model, odometer and vehicle row. */
export const FORECAST_TTL_MS = 5 * 60_000;
const FORECASTS_KEPT = 500;

export type OrderDiagnosticsReader = (db: Db, order: { id: number; appointmentId: number }) => Promise<OrderDiagnostics>;

/**
 * Reads an order's symptoms and suggestions with the work bounded, as a detail read must answer in milliseconds:
 * one query for the symptoms; without a model, nothing more. With one, one query for the order's vehicle and its
 * forecast from a small cache (by vehicle, model, odometer and the vehicle row's update; FORECAST_TTL_MS), the
 * model itself looked up at most every MODEL_TTL_MS, the learned evidence every 10 minutes (symptomEvidenceCache,
 * its refresh not waited for). The caches read through `db` (the app's database, never a transaction). The
 * suggestions are an aid: when the model, the forecast or the evidence cannot be read, the order is still shown,
 * with the suggestions made without them (and a warning in the log).
 */
export function orderDiagnosticsReader(db: Kysely<Database>, clock: Clock, log?: Pick<FastifyBaseLogger, 'warn'>): OrderDiagnosticsReader {
  const now = () => clock.now().getTime();
  const evidence = symptomEvidenceCache(db, now);
  let lastEvidence: SymptomEvidence | null = null;
  /** The learned counts; once known, a refresh (every 10 minutes) is not waited for: the last counts answer meanwhile. */
  const currentEvidence = (): Promise<SymptomEvidence> => {
    const fresh = evidence().then((value) => (lastEvidence = value));
    if (lastEvidence === null) return fresh;
    fresh.catch(() => undefined);
    return Promise.resolve(lastEvidence);
  };
  let model: { at: number; version: Promise<WearModelVersion | null> } | null = null;
  const forecasts = new Map<string, { at: number; forecast: Promise<VehicleForecastDto> }>();

  const latestModel = (): Promise<WearModelVersion | null> => {
    if (!model || now() - model.at > MODEL_TTL_MS) {
      const version = latestWearModel(db);
      model = { at: now(), version };
      version.catch(() => {
        model = null;
      });
    }
    return model.version;
  };

  const forecastOf = (vehicle: VehicleRow, version: WearModelVersion): Promise<VehicleForecastDto> => {
    const key = `${vehicle.id}|${version.id}|${vehicle.odometer_km}|${new Date(vehicle.updated_at).getTime()}`;
    const cached = forecasts.get(key);
    if (cached && now() - cached.at <= FORECAST_TTL_MS) return cached.forecast;
    if (forecasts.size >= FORECASTS_KEPT) {
      // drop the expired, else the oldest (a Map keeps insertion order)
      for (const [entryKey, entry] of forecasts) if (now() - entry.at > FORECAST_TTL_MS) forecasts.delete(entryKey);
      if (forecasts.size >= FORECASTS_KEPT) forecasts.delete(forecasts.keys().next().value!);
    }
    const forecast = vehicleForecastOf(db, vehicle, version, clock.now());
    forecasts.delete(key);
    forecasts.set(key, { at: now(), forecast });
    forecast.catch(() => forecasts.delete(key));
    return forecast;
  };

  /** `read`'s answer, or `fallback` (with a warning) when it fails. */
  const orElse = async <T>(read: () => Promise<T>, fallback: T, what: string): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      log?.warn({ err: error }, `suggested checks without ${what}`);
      return fallback;
    }
  };

  return async (reader, order) => {
    const [recorded, version] = await Promise.all([appointmentSymptomsOf(reader, [order.appointmentId]), orElse(latestModel, null, 'the model')]);
    const symptoms = recorded.get(order.appointmentId) ?? [];
    let forecast: VehicleForecastDto | null = null;
    if (version) {
      const vehicle = await reader
        .selectFrom('service_orders')
        .innerJoin('vehicles', 'vehicles.id', 'service_orders.vehicle_id')
        .selectAll('vehicles')
        .where('service_orders.id', '=', order.id)
        .executeTakeFirst();
      if (vehicle) forecast = await orElse(() => forecastOf(vehicle, version), null, 'the forecast');
    }
    if (symptoms.length === 0 && !forecast) return { symptoms, suggestedChecks: [] };
    const learned = symptoms.length > 0 ? await orElse(currentEvidence, NO_EVIDENCE, 'the learned evidence') : NO_EVIDENCE;
    return { symptoms, suggestedChecks: suggestChecks(symptoms.map((symptom) => symptom.code), learned, forecast) };
  };
}

const readers = new WeakMap<object, OrderDiagnosticsReader>();

/**
 * The reader of an app's context (its database and clock): one per context, so that its caches are shared by
 * every read of an order's detail and live as long as the app.
 */
export function orderDiagnosticsOf(context: { db: Kysely<Database>; clock: Clock; log?: Pick<FastifyBaseLogger, 'warn'> }): OrderDiagnosticsReader {
  let reader = readers.get(context);
  if (!reader) {
    reader = orderDiagnosticsReader(context.db, context.clock, context.log);
    readers.set(context, reader);
  }
  return reader;
}
