/** Parts request tables (migration 0008_parts_requests): filled in by the parts-request work. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PartsRequestTables {}
