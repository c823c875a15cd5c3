// Jest cannot resolve federated modules (DESIGN §5): the runtime is replaced; tests mock the loader itself.
export const registerRemotes = jest.fn();
export const loadRemote = jest.fn(async () => null);
export type ModuleFederationRuntimePlugin = Record<string, unknown>;
export const preloadRemote = jest.fn(async () => undefined);
