import { canOpenStep, WIZARD_STEPS, type BookingState, type WizardStep } from './bookingReducer';
import { bookingText as t } from './bookingText';
import styles from './BookingPage.module.css';

/** The six steps: the current one marked, the earlier (answered) ones reopenable. */
export function BookingProgress({ state, guest, onOpen }: { state: BookingState; guest: boolean; onOpen: (step: WizardStep) => void }) {
  const currentIndex = WIZARD_STEPS.indexOf(state.step as WizardStep);
  return (
    <nav aria-label={t.stepsLabel}>
      <ol className={styles.steps}>
        {WIZARD_STEPS.map((step, index) => {
          const current = step === state.step;
          const reachable = index < currentIndex && canOpenStep(state, step, guest);
          const status = current ? t.stepState.current : index < currentIndex ? t.stepState.done : t.stepState.todo;
          return (
            <li key={step} className={styles.stepItem}>
              {reachable ? (
                <button type="button" className={styles.stepButton} onClick={() => onOpen(step)}>
                  {t.stepNames[step]}
                  <span className={styles.visuallyHidden}> ({status})</span>
                </button>
              ) : (
                <span className={current ? `${styles.stepLabel} ${styles.stepCurrent}` : styles.stepLabel} aria-current={current ? 'step' : undefined}>
                  {t.stepNames[step]}
                  <span className={styles.visuallyHidden}> ({status})</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
