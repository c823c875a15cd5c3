import { useCallback, useEffect, useState } from 'react';
import type { TechnicianQueue } from 'shared-contracts/schemas';
import { useFloorEvents, type FloorLiveMode } from '../floorEvents';
import { loadedOf, useAsync, type Loaded } from '../hooks/useAsync';
import { technicianApi } from './technicianApi';
import { technicianText } from './technicianText';

const readQueue = (signal: AbortSignal) => technicianApi.queue(signal);

/**
 * The technician's queue (my orders, my centre's unassigned ones, my clock, my KPIs), kept fresh by the centre's
 * live stream (or a 15 s poll while it is down). A reload keeps what is shown until its answer arrives, and keeps
 * it if that reload fails.
 */
export function useTechnicianQueue(): { state: Loaded<TechnicianQueue>; reload: () => void; mode: FloorLiveMode } {
  const { state: loaded, reload } = useAsync(readQueue, { failedText: technicianText.loadFailed });
  const state = loadedOf(loaded);
  const mode = useFloorEvents(() => reload());
  // after a failure, a reload starts afresh ('loading'); otherwise the queue stays on screen until the answer
  const again = useCallback(() => reload(state.status === 'failed' ? 'fresh' : 'keep'), [reload, state.status]);
  return { state, reload: again, mode };
}

/** The current time, renewed every `intervalMs` (a ticking clock). */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A live region's text, set by the page's actions. */
export function useAnnouncement(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const announce = useCallback((next: string) => setText(next), []);
  return [text, announce];
}
