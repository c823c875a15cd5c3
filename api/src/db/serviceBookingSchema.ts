/** Tables of the service side (migration 0005_service_booking): vehicles, appointments, maintenance records. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceBookingTables {}
