/**
 * The e2e suite runs as shards side by side (scripts/test.ts), each against a whole site of its own: E2E_STACK (0, 1, …)
 * moves every port of a shard's stack by 20, away from a developer's running site on 3000–3003/4000.
 */
const STACK = Number(process.env.E2E_STACK ?? 0);
const offset = Number.isInteger(STACK) && STACK >= 0 && STACK < 5 ? STACK * 20 : 0;

/** Ports of the e2e stack (`npm start` with these). */
export const E2E_PORTS = {
  shell: 3100 + offset,
  storefront: 3101 + offset,
  account: 3102 + offset,
  backoffice: 3103 + offset,
  api: 4100 + offset,
  googleStandIn: 4199 + offset,
} as const;

/** Ports the resilience tests use for their own shell and remote servers. */
export const ISOLATED_PORTS = { shell: 3200 + offset, storefront: 3201 + offset, brokenRemote: 3202 + offset } as const;
