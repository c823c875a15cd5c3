import { percentile } from './benchProcess.ts';
import { runCustomers, type CustomerLoadResult, type CustomerStep } from './customerLoad.ts';

/**
 * The floor's load a bench runs beside its own work (bench:notifications, bench:einvoices): staff reading the day
 * view and the board, technicians answering checklist items, against the floor's budgets (bench:backoffice).
 */
export const FLOOR_BUDGETS = { dayView: 20, board: 20, checklist: 15 } as const;

/** The floor's steps and their budgets as the benches report them: step label, route, budget (ms). */
export const FLOOR_CHECKS = [
  ['day view', 'GET /api/staff/appointments', FLOOR_BUDGETS.dayView],
  ['board', 'GET /api/service-orders/board', FLOOR_BUDGETS.board],
  ['checklist answer', 'PUT …/checklist/:itemId', FLOOR_BUDGETS.checklist],
] as const;

/** What the bench's API answered ready with: today's date, the staff's tokens, each technician's token and checklist items. */
export interface FloorReady {
  today: string;
  staffTokens: string[];
  technicians: Array<{ token: string; items: Array<{ orderId: number; itemId: number }> }>;
}

function floorSteps(ready: FloorReady): { staff: CustomerStep[]; technician: CustomerStep[] } {
  const results = ['PASS', 'NA'] as const;
  const staff = ready.staffTokens.length;
  const technicians = ready.technicians.length;
  return {
    staff: [
      { label: 'day view', build: (client) => ({ method: 'GET', path: `/api/staff/appointments?date=${ready.today}`, headers: { authorization: `Bearer ${ready.staffTokens[client % staff]}` } }), expect: [200] },
      { label: 'board', build: (client) => ({ method: 'GET', path: `/api/service-orders/board?date=${ready.today}`, headers: { authorization: `Bearer ${ready.staffTokens[client % staff]}` } }), expect: [200] },
    ],
    technician: [
      {
        label: 'checklist answer',
        build: (client, turn) => {
          const technician = ready.technicians[client % technicians]!;
          const item = technician.items[turn % technician.items.length]!;
          return { method: 'PUT', path: `/api/service-orders/${item.orderId}/checklist/${item.itemId}`, headers: { authorization: `Bearer ${technician.token}` }, body: { result: results[turn % 2], note: null } };
        },
        expect: [200],
      },
    ],
  };
}

/** Every staff member and technician working the floor for `seconds`. */
export async function floorLoad(origin: string, ready: FloorReady, seconds: number): Promise<CustomerLoadResult[]> {
  const steps = floorSteps(ready);
  return Promise.all([
    runCustomers({ origin, customers: ready.staffTokens.length, steps: steps.staff, seconds }),
    runCustomers({ origin, customers: ready.technicians.length, steps: steps.technician, seconds }),
  ]);
}

/** A step's p95 (ms) over the load's results. */
export function p95Of(results: readonly CustomerLoadResult[], label: string): number {
  const sorted = results.flatMap((result) => result.byStep.get(label) ?? []).sort((a, b) => a - b);
  return percentile(sorted, 95);
}
