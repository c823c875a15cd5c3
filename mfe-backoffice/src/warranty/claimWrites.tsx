import { cloneElement, useState, type ReactElement } from 'react';
import type { Outcome } from 'shared-contracts';
import type { WarrantyClaim } from 'shared-contracts/schemas';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { warrantyText } from './warrantyText';
import styles from './Warranty.module.css';

/** What a write on the claim tells the detail. */
export interface ClaimWriteHandlers {
  /** The claim as the server now has it, with its message. */
  onDone: (outcome: Outcome<WarrantyClaim>) => void;
  /** A 409 (someone changed the claim, or it moved on): the detail explains it and reads the claim again. */
  onConflict: (error: unknown) => void;
}

/**
 * One write at a time: busy while it runs; its answer or 409 handed to the detail, any other refusal kept here to
 * be shown beside its fields (`fieldErrors`) or above the buttons (`formError`).
 */
export function useClaimWrite({ onDone, onConflict }: ClaimWriteHandlers) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (send: () => Promise<Outcome<WarrantyClaim>>) => {
    setBusy(true);
    setError(null);
    try {
      onDone(await send());
    } catch (failure) {
      if (isConflict(failure)) onConflict(failure);
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const fieldErrors = fieldErrorsOf(error);
  /** The refusal's message when none of `fields` shows it beside itself. */
  const formError = (fields: readonly string[]) => (error === null || fields.some((field) => fieldErrors[field]) ? null : messageOf(error, warrantyText.writeFailed));
  return { busy, run, fieldErrors, formError, setError };
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string | null;
  error?: string | undefined;
  /** The input, select or textarea: given its id, what describes it and whether it is refused. */
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
}

/** A labelled control with its hint and the server's message for it, both read with the control. */
export function ClaimField({ id, label, hint, error, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A refusal that no field shows: above the form's buttons, announced. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  );
}
