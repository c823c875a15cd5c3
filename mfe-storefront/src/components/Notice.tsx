import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/** A quiet box for "coming soon" notes and the links that go with them. */
export function Notice({ children }: { children: ReactNode }) {
  return <div className={styles.notice}>{children}</div>;
}
