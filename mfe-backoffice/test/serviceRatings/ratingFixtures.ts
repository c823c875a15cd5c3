import type { CentreRatingKpi, RatingKpis, ServiceRatingFollowUp, StaffServiceRating, StaffServiceRatingPage, TechnicianRatingKpi } from 'shared-contracts/schemas';

export const rating = (overrides: Partial<StaffServiceRating> = {}): StaffServiceRating => ({
  id: 11,
  serviceOrderId: 301,
  serviceOrderCode: 'PDV261120ABCD',
  centre: { id: 1, name: 'EV Service Cầu Giấy' },
  technician: { id: 21, fullName: 'Lê Văn Tâm' },
  stars: 2,
  onTime: false,
  explainedClearly: true,
  carClean: null,
  technicianStars: 3,
  comment: 'Chờ lâu, xe chưa được rửa <i>sạch</i>.',
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
  editableUntil: '2026-11-27T03:00:00.000Z',
  hidden: false,
  customerName: 'Trần Văn Hùng',
  customerPhone: '0912 345 678',
  hiddenReason: null,
  followUpId: 5,
  maintenanceRecordId: null,
  ...overrides,
});

export const pageOf = (items: StaffServiceRating[]): StaffServiceRatingPage => ({ items, total: items.length, page: 1, pageSize: 20, totalPages: 1 });

export const followUp = (overrides: Partial<ServiceRatingFollowUp> = {}): ServiceRatingFollowUp => ({
  id: 5,
  status: 'OPEN',
  statusLabel: 'Cần gọi lại',
  rating: rating(),
  notes: [],
  outcome: null,
  openedAt: '2026-11-20T03:00:00.000Z',
  closedAt: null,
  closedByName: null,
  ...overrides,
});

export const centreKpi = (overrides: Partial<CentreRatingKpi> = {}): CentreRatingKpi => ({
  centreId: 1,
  centreName: 'EV Service Cầu Giấy',
  count: 17,
  average: 4.6,
  positivePct: 88.2,
  openFollowUps: 1,
  previous: { count: 12, average: 4.3, positivePct: 90 },
  ...overrides,
});

export const technicianKpi = (overrides: Partial<TechnicianRatingKpi> = {}): TechnicianRatingKpi => ({
  technicianId: 21,
  fullName: 'Lê Văn Tâm',
  centreId: 1,
  count: 9,
  average: 4.4,
  positivePct: 77.8,
  previous: { count: 0, average: null, positivePct: null },
  ...overrides,
});

export const kpisOf = (centres: CentreRatingKpi[], technicians: TechnicianRatingKpi[] = []): RatingKpis => ({
  from: '2026-10-29',
  to: '2026-11-27',
  previousFrom: '2026-09-29',
  previousTo: '2026-10-28',
  centres,
  technicians,
});
