import autocannon from 'autocannon';

/**
 * Concurrent customers for the shop and booking benchmarks: one keep-alive connection per customer, each
 * sending its steps one after another (a closed loop: the next request leaves when the answer has arrived), with
 * every response time kept so percentiles are exact.
 *
 * The load comes from autocannon, not from `fetch`: on a 2-core machine a `fetch` loop of 20 customers is itself
 * the bottleneck, so it would time its own queue, not the API
 * (docs/decisions/0025-benchmarks-closed-loop-own-processes.md; figures in docs/performance.md, bench:orders).
 */

export interface CustomerRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

export interface CustomerStep {
  /** What the figures are printed under ('POST /api/cart/items'). */
  label: string;
  /** The request of this step in `customer`'s turn number `turn` (0, 1, 2 ...; every step of a turn sees the same). */
  build(customer: number, turn: number): CustomerRequest;
  /** The statuses that are a correct answer; anything else is reported. */
  expect: readonly number[];
  /** When set, an answer whose body it refuses is reported too (GraphQL answers its errors with a 200). */
  accept?(body: string): boolean;
}

export interface CustomerLoadOptions {
  origin: string;
  customers: number;
  steps: readonly CustomerStep[];
  /** Run for this long … */
  seconds?: number;
  /** … or until each customer has made this many turns. */
  turnsPerCustomer?: number;
}

export interface CustomerLoadResult {
  /** Every response time (ms). */
  all: number[];
  /** Response times by step label. */
  byStep: Map<string, number[]>;
  statuses: Map<number, number>;
  /** Answers outside a step's `expect` or refused by its `accept` (the first 20). */
  unexpected: Array<{ label: string; status: number; body: string }>;
  /** From the start to the last answer. */
  elapsedMs: number;
  /** Connection errors and timeouts (autocannon). */
  errors: number;
}

/** Runs the customers' steps in a loop and collects every response time. */
export async function runCustomers(options: CustomerLoadOptions): Promise<CustomerLoadResult> {
  const { origin, customers, steps } = options;
  const all: number[] = [];
  const byStep = new Map<string, number[]>(steps.map((step) => [step.label, []]));
  const statuses = new Map<number, number>();
  const unexpected: CustomerLoadResult['unexpected'] = [];
  let nextCustomer = 0;
  // autocannon notices that every customer is done on its next 1-second tick: the run ends at the last answer.
  let lastAnswerAt = 0;

  const requestsOf = (customer: number): autocannon.Request[] => {
    let turn = -1;
    return steps.map((step, index) => ({
      setupRequest: (request: autocannon.Request) => {
        if (index === 0) turn += 1;
        const built = step.build(customer, turn);
        const body = built.body === undefined ? undefined : JSON.stringify(built.body);
        return {
          ...request,
          method: built.method,
          path: built.path,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...built.headers },
          body: body ?? Buffer.alloc(0),
        };
      },
      onResponse: (status: number, body: string) => {
        const wrong = !step.expect.includes(status) || (step.accept !== undefined && !step.accept(body));
        if (wrong && unexpected.length < 20) unexpected.push({ label: step.label, status, body: body.slice(0, 300) });
      },
    }));
  };

  const started = performance.now();
  const result = await autocannon({
    url: origin,
    connections: customers,
    ...(options.turnsPerCustomer === undefined
      ? { duration: options.seconds ?? 10 }
      : { amount: options.turnsPerCustomer * steps.length * customers }),
    // A step's answer is read whole before the next leaves; a slow answer is measured, not abandoned.
    timeout: 30,
    setupClient: (client) => {
      const customer = nextCustomer++ % customers;
      client.setRequests(requestsOf(customer));
      let answered = 0;
      client.on('response', (status: number, _bytes: number, durationMs: number) => {
        lastAnswerAt = performance.now();
        all.push(durationMs);
        byStep.get(steps[answered % steps.length]!.label)!.push(durationMs);
        answered += 1;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    },
  });
  return { all, byStep, statuses, unexpected, elapsedMs: (lastAnswerAt || performance.now()) - started, errors: result.errors + result.timeouts };
}

/** Throws when any of `results` had an answer outside its steps' expectations or a connection error (the first few are printed). */
export function assertCleanLoad(label: string, ...results: CustomerLoadResult[]): void {
  const unexpected = results.flatMap((result) => result.unexpected);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  for (const answer of unexpected.slice(0, 5)) console.log(`  unexpected ${answer.status} (${label}) to ${answer.label}: ${answer.body}`);
  if (unexpected.length > 0 || errors > 0) throw new Error(`${label}: ${unexpected.length} unexpected answers, ${errors} connection errors`);
}
