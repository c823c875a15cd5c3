/** STUB (issue 49): the owning helper declares its tables here (kysely table interfaces). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationChannelTables {}
