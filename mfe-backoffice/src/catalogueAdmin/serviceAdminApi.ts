import { apiClient, readData } from 'shared-contracts';
import type { CatalogueChange, PackageAdmin, ServiceAdmin, ServiceAdminPage } from 'shared-contracts/schemas';

export type ServiceKindValue = ServiceAdmin['kind'];
export type ServiceTierValue = NonNullable<ServiceAdmin['tier']>;
export type VehicleTypeValue = ServiceAdmin['vehicleTypes'][number];
export type PackageTierValue = PackageAdmin['tier'];

export interface ServiceListQuery {
  q: string;
  status: 'active' | 'archived' | '';
  page: number;
  pageSize: number;
}

/** What the service form sends (a save adds the version it was edited from). */
export interface ServiceFormValues {
  name: string;
  kind: ServiceKindValue;
  tier: ServiceTierValue | null;
  summary: string;
  description: string;
  price: number | '';
  durationMinutes: number | '';
  vatRate: number;
  vehicleTypes: VehicleTypeValue[];
  checklist: { code: string; label: string }[];
  sortOrder: number;
}

/** What the package form sends (a save adds the version it was edited from). */
export interface PackageFormValues {
  name: string;
  tier: PackageTierValue;
  description: string;
  price: number | '';
  originalPrice: number | null;
  validityMonths: number | '';
  vehicleTypes: VehicleTypeValue[];
  credits: { serviceId: number | ''; quantity: number | '' }[];
  perks: string[];
  highlighted: boolean;
  sortOrder: number;
}

/** The admin's services and packages (/api/admin/catalogue/services, /packages). */
export const serviceAdminApi = {
  list: (query: ServiceListQuery, signal?: AbortSignal) =>
    readData<ServiceAdminPage>(apiClient.get('/admin/catalogue/services', { query: { q: query.q || undefined, status: query.status || undefined, page: query.page, pageSize: query.pageSize }, signal })),
  service: (id: number, signal?: AbortSignal) => readData<ServiceAdmin>(apiClient.get(`/admin/catalogue/services/${id}`, { signal })),
  history: (id: number, signal?: AbortSignal) => readData<CatalogueChange[]>(apiClient.get(`/admin/catalogue/services/${id}/history`, { signal })),
  create: (values: ServiceFormValues) => readData<ServiceAdmin>(apiClient.post('/admin/catalogue/services', values)),
  save: (id: number, version: number, values: ServiceFormValues) => readData<ServiceAdmin>(apiClient.put(`/admin/catalogue/services/${id}`, { ...values, version })),
  setActive: (id: number, version: number, isActive: boolean) => readData<ServiceAdmin>(apiClient.put(`/admin/catalogue/services/${id}/active`, { isActive, version })),
  packages: (signal?: AbortSignal) => readData<PackageAdmin[]>(apiClient.get('/admin/catalogue/packages', { signal })),
  package: (id: number, signal?: AbortSignal) => readData<PackageAdmin>(apiClient.get(`/admin/catalogue/packages/${id}`, { signal })),
  packageHistory: (id: number, signal?: AbortSignal) => readData<CatalogueChange[]>(apiClient.get(`/admin/catalogue/packages/${id}/history`, { signal })),
  createPackage: (values: PackageFormValues) => readData<PackageAdmin>(apiClient.post('/admin/catalogue/packages', values)),
  savePackage: (id: number, version: number, values: PackageFormValues) => readData<PackageAdmin>(apiClient.put(`/admin/catalogue/packages/${id}`, { ...values, version })),
  setPackageActive: (id: number, version: number, isActive: boolean) => readData<PackageAdmin>(apiClient.put(`/admin/catalogue/packages/${id}/active`, { isActive, version })),
};

export function serviceFormValuesOf(service: ServiceAdmin): ServiceFormValues {
  return {
    name: service.name,
    kind: service.kind,
    tier: service.tier,
    summary: service.summary,
    description: service.description,
    price: service.price,
    durationMinutes: service.durationMinutes,
    vatRate: service.vatRate,
    vehicleTypes: service.vehicleTypes,
    checklist: service.checklist.map((item) => ({ code: item.code, label: item.label })),
    sortOrder: service.sortOrder,
  };
}

export const EMPTY_SERVICE: ServiceFormValues = {
  name: '',
  kind: 'maintenance',
  tier: null,
  summary: '',
  description: '',
  price: '',
  durationMinutes: 60,
  vatRate: 10,
  vehicleTypes: ['scooter', 'motorbike', 'car'],
  checklist: [],
  sortOrder: 0,
};

export function packageFormValuesOf(item: PackageAdmin): PackageFormValues {
  return {
    name: item.name,
    tier: item.tier,
    description: item.description,
    price: item.price,
    originalPrice: item.originalPrice,
    validityMonths: item.validityMonths,
    vehicleTypes: item.vehicleTypes,
    credits: item.credits.map((credit) => ({ serviceId: credit.serviceId, quantity: credit.quantity })),
    perks: item.perks,
    highlighted: item.highlighted,
    sortOrder: item.sortOrder,
  };
}

export const EMPTY_PACKAGE: PackageFormValues = {
  name: '',
  tier: 'co-ban',
  description: '',
  price: '',
  originalPrice: null,
  validityMonths: 12,
  vehicleTypes: ['scooter', 'motorbike', 'car'],
  credits: [{ serviceId: '', quantity: 1 }],
  perks: [],
  highlighted: false,
  sortOrder: 0,
};
