import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, sessionStore } from 'shared-contracts';
import { FITMENT_YEAR_MAX, FITMENT_YEAR_MIN, fitVehicleText } from 'shared-contracts/pricing';

/**
 * The vehicle the shopper chose ("Xe của bạn"): the model and year the product list, the product page, the cart
 * and the checkout ask the fit for (`fitModel`, `fitYear`). Kept in this browser, so it survives reloads.
 */
export interface ChosenVehicle {
  /** vehicle_models.id */
  modelId: number;
  /** the model year */
  year: number;
  /** the model's label: 'VinFast Feliz S', 'VinFast VF 8 Plus' */
  label: string;
  /** the customer's saved vehicle it is, or null (picked by brand, model and year) */
  vehicleId: number | null;
  /** whose saved vehicle it is (it counts for that customer only), or null */
  userId: string | null;
}

/** The fit query of the API for a chosen vehicle (nothing without one). */
export interface FitQuery {
  fitModel?: number;
  fitYear?: number;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The stored choice, or null when absent, unreadable, or another customer's saved vehicle (or a signed-out one's). */
export function parseChosenVehicle(raw: string | null, currentUserId: string | null): ChosenVehicle | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof ChosenVehicle, unknown>> | null;
    if (!value || !isPositiveInteger(value.modelId) || !isPositiveInteger(value.year) || value.year < FITMENT_YEAR_MIN || value.year > FITMENT_YEAR_MAX) return null;
    if (typeof value.label !== 'string' || value.label.trim() === '' || value.label.length > 200) return null;
    const vehicleId = isPositiveInteger(value.vehicleId) ? value.vehicleId : null;
    const userId = typeof value.userId === 'string' && value.userId !== '' ? value.userId : null;
    if (userId !== null && userId !== currentUserId) return null;
    return { modelId: value.modelId, year: value.year, label: value.label.trim(), vehicleId: userId === null ? null : vehicleId, userId };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; userId: string | null; vehicle: ChosenVehicle | null } | null = null;
/** the choice when the browser would not store it (a full or blocked storage): kept for this page only */
let unstored: string | null = null;

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** The chosen vehicle now (the same object while nothing changed). */
export function readChosenVehicle(storage: Storage | null = browserStorage()): ChosenVehicle | null {
  let raw: string | null = unstored;
  try {
    raw = storage?.getItem(STORAGE_KEYS.chosenVehicle) ?? unstored;
  } catch {
    // unreadable: what this page chose, if anything
  }
  const userId = sessionStore.current?.user.id ?? null;
  if (!cache || cache.raw !== raw || cache.userId !== userId) cache = { raw, userId, vehicle: parseChosenVehicle(raw, userId) };
  return cache.vehicle;
}

/** Keeps the choice in this browser (a full or blocked storage keeps it for this page only). */
export function chooseVehicle(vehicle: ChosenVehicle, storage: Storage | null = browserStorage()): void {
  const raw = JSON.stringify(vehicle);
  unstored = null;
  try {
    if (storage) storage.setItem(STORAGE_KEYS.chosenVehicle, raw);
    else unstored = raw;
  } catch {
    unstored = raw;
  }
  cache = null;
  emit();
}

/** "Bỏ chọn xe". */
export function clearChosenVehicle(storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEYS.chosenVehicle);
  } catch {
    // nothing stored
  }
  unstored = null;
  cache = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab chose or cleared; a login or logout changes whose saved vehicle counts
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.chosenVehicle) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  const session = sessionStore.changes().subscribe(() => listener());
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    session.unsubscribe();
  };
}

/** The chosen vehicle, re-rendering on a change (here, in another tab, at login and logout); null on the server. */
export function useChosenVehicle(): ChosenVehicle | null {
  return useSyncExternalStore(subscribe, () => readChosenVehicle(), () => null);
}

/** 'VinFast Feliz S 2023' */
export function vehicleName(vehicle: Pick<ChosenVehicle, 'label' | 'year'>): string {
  return fitVehicleText(vehicle.label, vehicle.year);
}

/** The API's fit query for this vehicle ({} without one). */
export function fitQueryOf(vehicle: ChosenVehicle | null): FitQuery {
  return vehicle ? { fitModel: vehicle.modelId, fitYear: vehicle.year } : {};
}

/** A key that changes with the vehicle the fit is asked for ('' without one). */
export function fitKeyOf(vehicle: ChosenVehicle | null): string {
  return vehicle ? `${vehicle.modelId}:${vehicle.year}` : '';
}

function subscribeSession(listener: () => void): () => void {
  const subscription = sessionStore.changes().subscribe(() => listener());
  return () => subscription.unsubscribe();
}

/** The signed-in customer's id (null: a guest), re-rendering at login and logout. */
export function useSignedInUserId(): string | null {
  return useSyncExternalStore(subscribeSession, () => sessionStore.current?.user.id ?? null, () => null);
}

/** The fit query a key of fitKeyOf stands for (a loader's dependency is the key, a string). */
export function fitQueryOfKey(key: string): FitQuery {
  const [fitModel, fitYear] = key.split(':').map(Number);
  return fitModel && fitYear ? { fitModel, fitYear } : {};
}
