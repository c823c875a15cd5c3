import { Link } from 'react-router-dom';
import type { Reminder } from 'shared-contracts/schemas';
import { formatIsoDate } from '../../forms/validation';
import { vehiclesText as t } from './vehiclesText';
import styles from './MyVehiclesPage.module.css';

/**
 * A vehicle's next maintenance: due by km or by date, whichever comes first; overdue ones stand out. The
 * 'Đặt lịch' link opens the booking wizard prefilled with the vehicle and the recommended service.
 */
export function NextMaintenance({ reminder, plate }: { reminder: Reminder | null; plate: string }) {
  if (!reminder) return <p className={styles.muted}>{t.noReminder}</p>;
  return (
    <div className={reminder.overdue ? `${styles.reminder} ${styles.overdue}` : styles.reminder}>
      <p className={styles.reminderTitle}>{reminder.overdue ? t.overdue : t.nextMaintenance}</p>
      <p className={styles.due}>{reminder.overdue ? t.overdueDetail(reminder.serviceName) : t.dueOn(reminder.serviceName, formatIsoDate(reminder.dueDate), t.km(reminder.dueKm))}</p>
      {!reminder.overdue && <p className={styles.muted}>{reminder.dueBy === 'km' ? t.dueBy.km(t.km(Math.max(reminder.kmLeft, 0))) : t.dueBy.time(Math.max(reminder.daysLeft, 0))}</p>}
      <Link to={reminder.bookingUrl} className={styles.book} aria-label={t.bookLabel(plate)}>
        {t.book}
      </Link>
    </div>
  );
}
