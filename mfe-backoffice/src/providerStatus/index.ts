// The owner's panel of outside providers on /admin: is payOS, Zalo, eSMS, Web Push, mail, photos or Google working.
export { ProviderStatusPanel } from './ProviderStatusPanel';
