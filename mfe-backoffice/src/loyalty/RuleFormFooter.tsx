import { messageOf } from '../api/apiErrors';
import { loyaltyText } from './loyaltyText';
import styles from './Loyalty.module.css';

const t = loyaltyText.settings;

/** A rules form's end: a failure no field shows, the saved line (read politely) and "Lưu thay đổi". */
export function RuleFormFooter({ error, done, savedText, busy }: { error: unknown; done: boolean; savedText: string; busy: boolean }) {
  return (
    <>
      {error !== null && (
        <p role="alert" className={styles.alert}>
          {messageOf(error, t.saveFailed)}
        </p>
      )}
      <p role="status" className={styles.done}>
        {done ? savedText : ''}
      </p>
      <div>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
      </div>
    </>
  );
}
