import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CHECK_IN_QUERY_PARAM } from 'shared-contracts/backoffice';
import { ApiError } from 'shared-contracts';
import type { StaffAppointment } from 'shared-contracts/schemas';
import { checkInScanApi } from './checkInScanApi';
import { checkInScanText as t } from './checkInScanText';

export type ScanState = { kind: 'idle' } | { kind: 'resolving' } | { kind: 'failed'; message: string };

/**
 * A scanned code (USB scanner in the search box, or the camera) → POST resolve → the server's checkInPath
 * (the day view with `?checkIn=<id>`). A refusal (forged, another centre, cancelled, received, another day)
 * stays on the page as the server's Vietnamese message.
 */
export function useCheckInScan() {
  const navigate = useNavigate();
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  const resolve = useCallback(
    async (code: string) => {
      setState({ kind: 'resolving' });
      try {
        const resolved = await checkInScanApi.resolve(code.trim());
        setState({ kind: 'idle' });
        void navigate(resolved.checkInPath);
      } catch (error) {
        setState({ kind: 'failed', message: error instanceof ApiError && error.message ? error.message : t.resolveFailed });
      }
    },
    [navigate],
  );
  const clear = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, resolve, clear };
}

/**
 * `?checkIn=<id>` on the day view: finds that appointment among today's (`findToday`, unfiltered) and opens its
 * check-in once (`open`), or says why not (`missing`); the query is then dropped so a reload does not reopen it.
 */
export function useRequestedCheckIn(
  findToday: (id: number) => Promise<StaffAppointment | null>,
  open: (appointment: StaffAppointment) => void,
  missing: (message: string) => void,
) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(CHECK_IN_QUERY_PARAM);
  const id = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const handlers = useRef({ findToday, open, missing });
  handlers.current = { findToday, open, missing };

  useEffect(() => {
    if (raw === null) return;
    let active = true;
    const drop = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(CHECK_IN_QUERY_PARAM);
          return next;
        },
        { replace: true },
      );
    if (id === null) {
      drop();
      return;
    }
    handlers.current
      .findToday(id)
      .then((appointment) => {
        if (!active) return;
        if (appointment) handlers.current.open(appointment);
        else handlers.current.missing(t.notInToday);
        drop();
      })
      .catch(() => {
        if (!active) return;
        handlers.current.missing(t.resolveFailed);
        drop();
      });
    return () => {
      active = false;
    };
  }, [raw, id, setParams]);
}
