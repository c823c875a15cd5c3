import { useCallback, useEffect, useRef, useState } from 'react';
// Types only: zod never ships in the back office's chunks.
import type { TechnicianQueue } from 'shared-contracts/schemas';
import { useFloorEvents, type FloorLiveMode } from '../floorEvents';
import { messageOf } from './apiErrors';
import { technicianApi } from './technicianApi';
import { technicianText } from './technicianText';

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

/**
 * The technician's queue (my orders, my centre's unassigned ones, my clock, my KPIs), kept fresh by the centre's
 * live stream (or a 15 s poll while it is down). A reload keeps what is shown until its answer arrives, and keeps
 * it if that reload fails.
 */
export function useTechnicianQueue(): { state: Loaded<TechnicianQueue>; reload: () => void; mode: FloorLiveMode } {
  const [state, setState] = useState<Loaded<TechnicianQueue>>({ status: 'loading' });
  const current = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    technicianApi.queue(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => (previous.status === 'ready' ? previous : { status: 'failed', message: messageOf(error, technicianText.loadFailed) }));
      },
    );
  }, []);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    reload();
  }, [reload]);

  useEffect(() => {
    reload();
    return () => current.current?.abort();
  }, [reload]);

  const mode = useFloorEvents(() => reload());
  return { state, reload: state.status === 'failed' ? retry : reload, mode };
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
