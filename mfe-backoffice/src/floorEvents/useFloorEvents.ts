import { useEffect, useRef, useState } from 'react';
import { apiClient } from 'shared-contracts';
import { subscribeFloorEvents, type FloorChange } from './floorEvents';

/** While the live stream is down, the page reloads itself this often. */
export const FLOOR_POLL_MS = 15_000;

/** 'live': the stream is open; 'polling': it failed, the page reloads every 15 s until it is back. */
export type FloorLiveMode = 'connecting' | 'live' | 'polling';

/** Any authenticated call renews an expired access token (the shared client refreshes on 401). */
export const renewToken = () => apiClient.get('/Auth/profile');

/**
 * Keeps the centre's live stream open while the component is mounted and calls `onChange`:
 * - with the event, on every `floor-changed` (someone changed an appointment, a service order, a payment);
 * - with null, after the stream was down (what changed meanwhile is unknown) and on every 15 s poll while the
 *   stream cannot be opened.
 * The caller reloads the view it shows. Returns the connection mode, for a discreet indicator. `centreId`: an
 * admin's chosen centre (or stock location); a change reopens the stream.
 */
export function useFloorEvents(onChange: (event: FloorChange | null) => void, centreId?: number): FloorLiveMode {
  const handler = useRef(onChange);
  handler.current = onChange;
  const [mode, setMode] = useState<FloorLiveMode>('connecting');

  useEffect(() => {
    let active = true;
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      if (!active || poll) return;
      poll = setInterval(() => handler.current(null), FLOOR_POLL_MS);
      setMode('polling');
    };
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = null;
    };
    const stop = subscribeFloorEvents({
      onChange: (event) => {
        if (active) handler.current(event);
      },
      onOpen: ({ reconnected }) => {
        if (!active) return;
        stopPolling();
        setMode('live');
        if (reconnected) handler.current(null);
      },
      onConnectionChange: (state) => {
        if (state === 'retrying' || state === 'stopped') startPolling();
      },
      renewToken,
      centreId,
    });
    return () => {
      active = false;
      stopPolling();
      stop();
    };
  }, [centreId]);

  return mode;
}
