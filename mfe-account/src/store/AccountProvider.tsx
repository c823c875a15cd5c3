import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { getAccountStore, type AccountStore } from './accountStore';

/** Every page of this remote renders inside its store (the shell has no Redux of its own). */
export function AccountProvider({ store, children }: { store?: AccountStore; children: ReactNode }) {
  return <Provider store={store ?? getAccountStore()}>{children}</Provider>;
}
