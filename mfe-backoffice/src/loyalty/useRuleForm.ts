import { useId, useState } from 'react';
import { fieldErrorsOf } from '../api/apiErrors';
import { useEffectiveFrom } from './useEffectiveFrom';

type Problems<F extends string> = Partial<Record<F | 'effectiveFrom', string>>;

/**
 * A rules form's state (the admin's points rules and tiers): each field's problem, found here or named by the server's
 * 422, the "from when" choice, busy, a failure and the saved line. `submit` focuses the first field in trouble, or saves.
 */
export function useRuleForm<F extends string>(fields: readonly F[]) {
  const formId = useId();
  const effective = useEffectiveFrom();
  const [problems, setProblems] = useState<Problems<F>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const serverFields = fieldErrorsOf(error);
  const idOf = (field: F | 'effectiveFrom') => `${formId}-${field}`;
  const messageFor = (field: F | 'effectiveFrom') => problems[field] ?? serverFields[field] ?? null;
  const clear = (field: F | 'effectiveFrom') => setProblems(({ [field]: _dropped, ...rest }) => rest as Problems<F>);
  // A failure no field shows: the form's own alert.
  const otherError = error !== null && ![...fields, 'effectiveFrom'].some((field) => serverFields[field]) ? error : null;

  /** Sends `checked`'s input with the instant asked for, unless a field or the instant has a problem. */
  const submit = async <I extends object>(checked: { input: I } | { problems: Partial<Record<F, string>> }, save: (input: I & { effectiveFrom?: string }) => Promise<void>) => {
    setDone(false);
    setError(null);
    const found = { ...('problems' in checked ? checked.problems : {}) } as Problems<F>;
    const when = effective.check();
    if ('problem' in when) found.effectiveFrom = when.problem;
    setProblems(found);
    const first = [...fields, 'effectiveFrom' as const].find((field) => found[field]);
    if (first || !('input' in checked) || !('at' in when)) {
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      await save({ ...checked.input, ...(when.at ? { effectiveFrom: when.at.toISOString() } : {}) });
      setDone(true);
      effective.reset();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return { formId, effective, idOf, messageFor, clear, otherError, busy, done, submit };
}
