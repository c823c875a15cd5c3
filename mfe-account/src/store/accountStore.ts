import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { eventBus, sessionStore } from 'shared-contracts';
import { authReducer, authStateFrom, sessionSynced, type AuthServices } from './authSlice';

/**
 * mfe-account's Redux store. The session itself (tokens, user, storage) is the page's one sessionStore,
 * shared with the shell: the store follows it, and its thunks write to it and publish on the bus.
 */
export function createAccountStore(services: AuthServices = { session: sessionStore, bus: eventBus }) {
  const store = configureStore({
    reducer: { auth: authReducer },
    preloadedState: { auth: authStateFrom(services.session.current) },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services } }),
  });
  // lives as long as the page (the store is the remote's singleton)
  services.session.changes().subscribe((session) => store.dispatch(sessionSynced(session)));
  return store;
}

export type AccountStore = ReturnType<typeof createAccountStore>;
export type AccountState = ReturnType<AccountStore['getState']>;
export type AccountDispatch = AccountStore['dispatch'];

let pageStore: AccountStore | null = null;

/** The remote's one store, created on first use. */
export function getAccountStore(): AccountStore {
  pageStore ??= createAccountStore();
  return pageStore;
}

export const useAccountDispatch = useDispatch.withTypes<AccountDispatch>();
export const useAccountSelector = useSelector.withTypes<AccountState>();
