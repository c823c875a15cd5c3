import { useEffect, useRef, useState } from 'react';
import { eventBus, messages, type EventBus } from 'shared-contracts';
import { addToast, removeToast, type Toast } from './toastQueue';
import styles from './ToastHost.module.css';

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  return (
    <div className={`${styles.toast} ${styles[toast.type] ?? ''}`} role={toast.type === 'error' ? 'alert' : 'status'} data-toast-type={toast.type}>
      <span className={styles.message}>{toast.message}</span>
      <button type="button" className={styles.close} aria-label={messages.toast.close} onClick={() => onClose(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** Top-right toasts that any remote raises with `toast/show` on the bus. */
export function ToastHost({ bus = eventBus }: { bus?: EventBus }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const close = useRef((id: number) => setToasts((queue) => removeToast(queue, id))).current;

  useEffect(() => {
    const subscription = bus.on('toast/show').subscribe((request) => {
      const id = nextId.current++;
      setToasts((queue) => addToast(queue, request, id));
    });
    return () => subscription.unsubscribe();
  }, [bus]);

  return (
    <div className={styles.host} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={close} />
      ))}
    </div>
  );
}
