import { expect, test as base, type BrowserContext } from '@playwright/test';

// Everything of @playwright/test, with `test` below instead of its own: every spec imports from here.
export * from '@playwright/test';

/** A `securitypolicyviolation` event of a page: what the site's Content-Security-Policy blocked. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
}

const REPORT_BINDING = '__evReportCspViolation';

/** Reports every CSP violation of every page of `context` (and its frames) into `sink`. */
async function watchCspViolations(context: BrowserContext, sink: CspViolation[]): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, (_source, violation: CspViolation) => {
    sink.push(violation);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, ((violation: unknown) => void) | undefined>)[binding];
        report?.({
          page: location.href,
          directive: event.effectiveDirective || event.violatedDirective,
          blocked: event.blockedURI,
          source: event.sourceFile,
          line: event.lineNumber,
          sample: event.sample,
        });
      },
      true,
    );
  }, REPORT_BINDING);
}

/** Contexts whose violations are already reported (made through the patched browser.newContext). */
const watched = new WeakSet<BrowserContext>();

/**
 * The suite's `test`: Playwright's, where a test fails if any page it opened (in the `page`/`context` fixtures
 * or in a context it made itself with browser.newContext) had a Content-Security-Policy violation. A test that
 * causes one on purpose reads and empties `cspViolations`.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: CspViolation[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watchCspViolations(context, violations);
        watched.add(context);
        return context;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'no page may break the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  // The worker's reused context (playwright.config.ts: reuseContext) is not made through browser.newContext: it is
  // watched here, once a test (the reset between tests removes bindings and init scripts).
  context: async ({ context, cspViolations }, use) => {
    if (!watched.has(context)) await watchCspViolations(context, cspViolations);
    await use(context);
  },
});
