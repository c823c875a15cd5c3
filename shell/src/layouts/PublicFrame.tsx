import type { ReactNode } from 'react';
import { Footer } from '../footer/Footer';
import { Header } from '../header/Header';
import styles from './Layout.module.css';

interface Props {
  /** between the header and the page: the email-verification banner when a user needs it */
  banner?: ReactNode;
  /** the first view's header (both forms, CSS picks one); otherwise the live header */
  header?: ReactNode;
  children: ReactNode;
}

/** The public pages' frame: header, the page in <main>, footer. The live layout and the first view share it. */
export function PublicFrame({ banner, header = <Header />, children }: Props) {
  return (
    <div className={styles.page}>
      {header}
      {banner}
      <main className={styles.main} id="main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
