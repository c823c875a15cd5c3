/** Ports of the e2e stack (`npm start` with these), away from a developer's running site on 3000–3003/4000. */
export const E2E_PORTS = { shell: 3100, storefront: 3101, account: 3102, backoffice: 3103, api: 4100, googleStandIn: 4199 } as const;

/** Ports the resilience tests use for their own shell and remote servers. */
export const ISOLATED_PORTS = { shell: 3200, storefront: 3201, brokenRemote: 3202 } as const;
