import { useState, type FormEvent } from 'react';
import { ApiError, OTP_LENGTH, sanitizeOtp } from 'shared-contracts';
import { errorMessage } from '../../../hooks/useAsync';
import { bookingApi } from '../bookingApi';
import { bookingText as t } from '../bookingText';
import { TextInput } from '../BookingFields';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';

/** The guest's hold on the slot while the emailed code is awaited (GUEST_HOLD_MINUTES of the service schemas). */
const HOLD_MINUTES = 15;

/** A guest's booking waits for the 6-digit code emailed to them: POST /appointments/:code/verify. */
export function VerifyStep({ state, dispatch }: StepProps) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const appointment = state.appointment;
  if (!appointment) return null;
  const email = state.contact.email.trim();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.submitting) return;
    if (otp.length !== OTP_LENGTH) {
      setError(t.otpLength);
      return;
    }
    setError(undefined);
    dispatch({ type: 'submitStarted' });
    try {
      dispatch({ type: 'verified', appointment: await bookingApi.verify(appointment.code, email, otp) });
    } catch (failure) {
      const message = failure instanceof ApiError && failure.status > 0 ? failure.message || t.verifyFailed : errorMessage(failure);
      dispatch({ type: 'submitFailed', message });
    }
  };

  return (
    <form className={styles.wizard} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t.verifyHeading}>
      <p>{t.verifyIntro(email, HOLD_MINUTES)}</p>
      <TextInput
        name="otpCode"
        label={t.otp}
        className={styles.otp}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        value={otp}
        error={error}
        onChange={(value) => setOtp(sanitizeOtp(value))}
      />
      {state.error && (
        <p className={styles.failure} role="alert">
          {state.error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={state.submitting || otp.length === 0}>
          {state.submitting ? t.verifying : t.verify}
        </button>
      </div>
    </form>
  );
}
