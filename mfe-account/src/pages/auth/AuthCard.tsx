import type { ReactNode } from 'react';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import styles from './AuthCard.module.css';

interface Props {
  title: string;
  description: string;
  /** the links to the other auth screens */
  links: ReactNode;
  /** the screen's form */
  children?: ReactNode;
}

/** The frame of every /auth screen: title, one line, the form, then the links between the screens. */
export function AuthCard({ title, description, links, children }: Props) {
  return (
    <div className={styles.card}>
      <PageIntro title={title} description={description} />
      {children && <div className={styles.body}>{children}</div>}
      <nav aria-label={vi.authLinks.label} className={styles.links}>
        {links}
      </nav>
    </div>
  );
}
