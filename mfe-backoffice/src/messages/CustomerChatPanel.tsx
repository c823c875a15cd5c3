import { useCallback, useId, useState } from 'react';
import { useFloorEvents, type FloorChange } from '../floorEvents';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { messagesApi } from './messagesApi';
import { messagesText } from './messagesText';
import { staffThread, useThread } from './staffThread';
import styles from './Messages.module.css';

const t = messagesText.panel;

/** The car's thread, read (and opened if there is none yet) once the panel is opened; live while it is open. */
function ChatBody({ serviceOrderId }: { serviceOrderId: number }) {
  const read = useCallback((signal: AbortSignal) => messagesApi.serviceOrderThread(serviceOrderId, signal), [serviceOrderId]);
  const thread = useThread({ ...staffThread(), read });
  const { refresh } = thread;
  const conversationId = thread.load.status === 'ready' ? thread.load.data.conversation.id : null;
  useFloorEvents((event: FloorChange | null) => {
    if (event === null || (event.kind === 'conversation' && (event.conversationId == null || event.conversationId === conversationId))) refresh();
  });

  if (thread.load.status === 'loading') {
    return (
      <p className={styles.muted} aria-live="polite">
        {messagesText.loading}
      </p>
    );
  }
  if (thread.load.status === 'failed') {
    return (
      <div>
        <p role="alert" className={styles.error}>
          {thread.load.message}
        </p>
        <button type="button" className={styles.secondary} onClick={refresh}>
          {messagesText.retry}
        </button>
      </div>
    );
  }
  const view = thread.load.data;
  return (
    <>
      <p className={styles.subject}>{view.conversation.subject.label}</p>
      <MessageList thread={view} label={t.latest} onOlder={() => void thread.loadOlder()} loadingOlder={thread.loadingOlder} olderError={thread.olderError} />
      <p className={styles.hint}>{t.photoHint}</p>
      <Composer conversationId={view.conversation.id} attachText={t.sendPhoto} textLabel={t.photoText} capture sentText={t.photoSent} onSent={thread.append} />
    </>
  );
}

/**
 * "Nhắn khách" on a service order's checklist: the technician reads the thread of the car they work on and sends
 * the customer a photo with a word ("Anh/chị xem má phanh này…"). Closed until asked for, so a checklist opened
 * does not open a thread.
 */
export function CustomerChatPanel({ serviceOrderId }: { serviceOrderId: number }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section className={styles.panel} aria-labelledby={`${bodyId}-heading`}>
      <div className={styles.panelHead}>
        <h2 id={`${bodyId}-heading`}>{t.heading}</h2>
        <button type="button" className={styles.secondary} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((value) => !value)}>
          {open ? t.hide : t.open}
        </button>
      </div>
      <p className={styles.muted}>{t.intro}</p>
      <div id={bodyId} hidden={!open}>
        {open && <ChatBody serviceOrderId={serviceOrderId} />}
      </div>
    </section>
  );
}
