import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './ModalDialog.module.css';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'drawer' slides in from the right and is wider; 'dialog' is a centred box. */
  variant?: 'dialog' | 'drawer';
  /** An extra line under the title. */
  description?: ReactNode;
  /** Label of the close button (default 'Đóng'). */
  closeLabel?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (or side drawer) with the keyboard behaviour a counter PC needs: focus moves into it on
 * opening (the first field, else the close button), Tab stays inside, Escape closes it, and focus returns to
 * what opened it. Nested dialogs work: the innermost one handles the keys.
 */
export function ModalDialog({ title, onClose, children, variant = 'dialog', description, closeLabel = 'Đóng' }: Props) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    if (node) {
      const field = node.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>('input, select, textarea');
      (field ?? node.querySelector<HTMLElement>(FOCUSABLE) ?? node).focus();
    }
    return () => {
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    event.stopPropagation();
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal keeps Tab inside and closes on Escape */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={variant === 'drawer' ? styles.drawer : styles.dialog}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={() => close.current()}>
            {closeLabel}
          </button>
        </div>
        {description && (
          <div id={descriptionId} className={styles.description}>
            {description}
          </div>
        )}
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}
