import { useCallback, useRef, useState } from 'react';
import { ERROR_CODES } from 'shared-contracts/errors';
import { technicianApi } from './technicianApi';
import { activeOrderCodeOf, codeOf, messageOf, pendingItemsOf, pendingPartsRequestsOf, type PendingPartsRequest } from './apiErrors';
import { technicianText } from './technicianText';

const t = technicianText.actions;

/** The technician's four buttons: start (OPEN → IN_PROGRESS), pause (clock out), resume (clock in), finish. */
export type OrderAction = 'start' | 'pause' | 'resume' | 'finish';

export type ActionState =
  | { kind: 'idle' }
  | { kind: 'busy'; action: OrderAction | 'switch' }
  | { kind: 'error'; text: string }
  /** 409 ALREADY_CLOCKED_IN: offer to move the running clock onto this order */
  | { kind: 'switch'; after: 'start' | 'resume'; activeCode: string | null }
  /** 409 CHECKLIST_INCOMPLETE: the items still unanswered */
  | { kind: 'incomplete'; text: string; items: string[] }
  /** 409 PARTS_PENDING: the parts requests finishing waits for */
  | { kind: 'partsPending'; text: string; requests: PendingPartsRequest[] };

export interface ActionTarget {
  id: number;
  code: string;
  /** the version the page saw (optimistic concurrency of start and finish) */
  version: number;
}

interface Options {
  /** the order changed (or may have): reload what the page shows */
  onChanged: () => void;
  /** a success, for the page's live region */
  announce: (text: string) => void;
  /** The version to send with finish, read just before finishing (for a screen that does not follow live changes). */
  freshVersion?: () => Promise<number>;
}

/**
 * Runs one order's actions and keeps their outcome: busy while a call runs (one at a time), the server's
 * Vietnamese refusal, the offer to switch the running clock, or the list of unanswered items. A stale version
 * (409 SERVICE_ORDER_CHANGED) reloads the page's data and asks to try again.
 */
export function useOrderActions(target: ActionTarget, { onChanged, announce, freshVersion }: Options) {
  const [state, setState] = useState<ActionState>({ kind: 'idle' });
  const running = useRef(false);

  const perform = useCallback(
    async (action: OrderAction | 'switch', work: () => Promise<string>, switchAfter?: 'start' | 'resume') => {
      if (running.current) return;
      running.current = true;
      setState({ kind: 'busy', action });
      try {
        const text = await work();
        setState({ kind: 'idle' });
        announce(text);
        onChanged();
      } catch (error) {
        const code = codeOf(error);
        if (code === ERROR_CODES.ALREADY_CLOCKED_IN && switchAfter) setState({ kind: 'switch', after: switchAfter, activeCode: activeOrderCodeOf(error) });
        else if (code === ERROR_CODES.CHECKLIST_INCOMPLETE) setState({ kind: 'incomplete', text: messageOf(error, t.incomplete), items: pendingItemsOf(error) });
        else if (code === ERROR_CODES.PARTS_PENDING) setState({ kind: 'partsPending', text: messageOf(error, t.partsPending), requests: pendingPartsRequestsOf(error) });
        else if (code === ERROR_CODES.SERVICE_ORDER_CHANGED) {
          setState({ kind: 'error', text: t.changed });
          onChanged();
        } else setState({ kind: 'error', text: messageOf(error, technicianText.actionFailed) });
      } finally {
        running.current = false;
      }
    },
    [announce, onChanged],
  );

  const { id, code, version } = target;
  const run = useCallback(
    (action: OrderAction) => {
      switch (action) {
        case 'start':
          return perform(
            'start',
            async () => {
              await technicianApi.start(id, version);
              return t.started(code);
            },
            'start',
          );
        case 'pause':
          return perform('pause', async () => {
            await technicianApi.clockOut();
            return t.paused(code);
          });
        case 'resume':
          return perform(
            'resume',
            async () => {
              await technicianApi.clockIn(id);
              return t.resumed(code);
            },
            'resume',
          );
        case 'finish':
          return perform('finish', async () => {
            await technicianApi.finish(id, freshVersion ? await freshVersion() : version);
            return t.finished(code);
          });
      }
    },
    [perform, id, code, version, freshVersion],
  );

  /** 'Chuyển sang phiếu này': the running clock stops and this order's starts (clock in with switch: true). */
  const confirmSwitch = useCallback(() => {
    if (state.kind !== 'switch') return Promise.resolve();
    const after = state.after;
    return perform('switch', async () => {
      if (after === 'resume') await technicianApi.clockIn(id, true);
      else {
        // start opens a clock of its own and refuses while another runs ('pause it first'): stop it, then start
        await technicianApi.clockOut();
        await technicianApi.start(id, version);
      }
      return t.switched(code);
    });
  }, [state, perform, id, code, version]);

  const dismiss = useCallback(() => setState({ kind: 'idle' }), []);

  return { state, run, confirmSwitch, dismiss };
}
