import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, messages } from 'shared-contracts';
import { CUSTOMER_MESSAGES_PATH } from 'shared-contracts/conversations';
import type { ConversationSubjectRef } from './messagesApi';
import { messagesApi } from './messagesApi';
import { messagesText as t } from './messagesText';
import styles from './Messages.module.css';

/**
 * "Nhắn trung tâm" on a booking, a service order or an order: opens the subject's thread (or finds the one there
 * is) and goes to it.
 */
export function ContactCentreButton({ subject, className }: { subject: ConversationSubjectRef; className?: string }) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    if (opening) return;
    setOpening(true);
    setError(null);
    try {
      const conversation = await messagesApi.open(subject);
      navigate(`${CUSTOMER_MESSAGES_PATH}/${conversation.id}`);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : messages.errors.generic);
      setOpening(false);
    }
  };

  return (
    <div className={styles.contact}>
      <button type="button" className={className ?? styles.contactButton} onClick={() => void open()} disabled={opening}>
        {opening ? t.opening : t.contactCentre}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
