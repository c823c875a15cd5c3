import { useCallback, useRef, useState } from 'react';
import type { PartsRequest } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { sendDeskAction } from './deskActions';
import type { RunDeskAction } from './PartsRequestActions';
import { partsDeskText as t } from './partsDeskText';

export type DeskNotice = { kind: 'done' | 'failed'; text: string } | null;

interface Options {
  /** The action was done: the request as the server answered it (null if the answer had none). */
  onUpdated: (requestId: number, request: PartsRequest | null) => void;
  /** A 409: the request changed meanwhile (or cannot move that way now): reload it. */
  onStale: (requestId: number) => void;
}

/**
 * Runs the desk's actions: on success announce the server's message (e.g. 'Đã duyệt yêu cầu, nhưng chưa giữ
 * được hàng…'), on a 409 explain in the server's words and reload, on anything else explain and keep the form.
 */
export function useDeskRunner({ onUpdated, onStale }: Options): { notice: DeskNotice; run: RunDeskAction } {
  const [notice, setNotice] = useState<DeskNotice>(null);
  const handlers = useRef({ onUpdated, onStale });
  handlers.current = { onUpdated, onStale };

  const run = useCallback<RunDeskAction>(async (request, action, input) => {
    setNotice(null);
    try {
      const outcome = await sendDeskAction(request, action, input);
      setNotice({ kind: 'done', text: outcome.message ?? t.actions.done });
      handlers.current.onUpdated(request.id, outcome.data);
      return true;
    } catch (error) {
      const message = messageOf(error, t.actionFailed);
      if (isConflict(error)) {
        setNotice({ kind: 'failed', text: `${message} ${t.reloaded}` });
        handlers.current.onStale(request.id);
      } else {
        setNotice({ kind: 'failed', text: message });
      }
      return false;
    }
  }, []);

  return { notice, run };
}
