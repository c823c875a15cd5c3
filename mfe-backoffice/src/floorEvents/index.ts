export { useFloorEvents, renewToken, FLOOR_POLL_MS, type FloorLiveMode } from './useFloorEvents';
export { subscribeFloorEvents, parseFloorChange, FLOOR_EVENTS_PATH, FLOOR_CHANGED_EVENT_NAME, type FloorChange, type FloorConnectionState } from './floorEvents';
export { LiveStatus } from './LiveStatus';
