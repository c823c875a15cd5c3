import type { ReactNode } from 'react';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import styles from './AuthCard.module.css';

interface Props {
  title: string;
  description: string;
  /** the links to the other auth screens */
  links: ReactNode;
}

/** The frame of every /auth screen: title, one line, then the links between the screens. */
export function AuthCard({ title, description, links }: Props) {
  return (
    <div className={styles.card}>
      <PageIntro title={title} description={description} />
      <nav aria-label={vi.authLinks.label} className={styles.links}>
        {links}
      </nav>
    </div>
  );
}
