import { useState } from 'react';
import { loyaltyText } from './loyaltyText';

const t = loyaltyText.settings;

/** `datetime-local`'s value (the browser's local time) as an instant, or null when it is not one. */
function instantOf(local: string): Date | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A rules change's "from when": now, or a later instant typed in `datetime-local`. */
export function useEffectiveFrom() {
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState('');
  /** The instant asked for (null: from now), or why it cannot be sent: missing or in the past. */
  const check = (): { at: Date | null } | { problem: string } => {
    if (!later) return { at: null };
    const at = instantOf(when);
    if (at === null) return { problem: t.laterMissing };
    return at.getTime() < Date.now() ? { problem: t.laterPast } : { at };
  };
  const reset = () => {
    setLater(false);
    setWhen('');
  };
  return { later, setLater, when, setWhen, check, reset };
}

export type EffectiveFrom = ReturnType<typeof useEffectiveFrom>;
