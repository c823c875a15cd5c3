import { useCallback, useState } from 'react';
import { ApiError, type Outcome } from 'shared-contracts';
import type { ReleaseApp } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { releasesText as t } from './releasesText';

/** Where a write's notice shows: beside the app's release state, or beside its tokens. */
export interface NoticeTarget {
  app: ReleaseApp;
  section: 'release' | 'tokens';
}

/** What the last write answered: the server's message, or its refusal. */
export interface ReleaseNotice extends NoticeTarget {
  kind: 'done' | 'refused';
  text: string;
}

/** Runs `send`: its answer, or null when it was refused (the notice says why). */
export type RunReleaseWrite = <T>(target: NoticeTarget, send: () => Promise<Outcome<T>>) => Promise<Outcome<T> | null>;

/**
 * One write at a time for the whole page. Each answer shows the server's message; a refusal its message (a gate's
 * reasons included); a 409 (the state moved meanwhile) says so. After an answer or a refusal by the server the
 * overview is read again, so what is on screen is what the registry holds.
 */
export function useReleaseWrite(reload: () => void) {
  const [notice, setNotice] = useState<ReleaseNotice | null>(null);
  const [busy, setBusy] = useState(false);

  const run: RunReleaseWrite = useCallback(
    async (target, send) => {
      setBusy(true);
      setNotice(null);
      try {
        const outcome = await send();
        setNotice({ ...target, kind: 'done', text: outcome.message ?? t.done });
        reload();
        return outcome;
      } catch (error) {
        const text = isConflict(error) ? `${messageOf(error, t.conflict)} ${t.reloaded}` : messageOf(error, t.writeFailed);
        setNotice({ ...target, kind: 'refused', text });
        // a refusal by the server (409, 404, 422) means the page showed a state that no longer holds
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) reload();
        return null;
      } finally {
        setBusy(false);
      }
    },
    [reload],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { run, busy, notice, clear };
}
