/**
 * The broker's front door for the API's modules: the channel every instance shares (Redis pub/sub, else PostgreSQL
 * LISTEN/NOTIFY) and the change feed built on it.
 */
export type { BrokerChannel, BrokerLog } from './brokerChannel';
export { createBrokerChannel, perDatabaseRedisChannel } from './createBrokerChannel';
export { createChangeFeed, type ChangeFeed } from './changeFeed';
