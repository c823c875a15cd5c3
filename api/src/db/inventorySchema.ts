/** Centre inventory tables (migration 0007_centre_inventory): filled in by the inventory work. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface InventoryTables {}
