import type { ReactNode } from 'react';
import styles from './PageIntro.module.css';

interface Props {
  title: string;
  description: string;
  children?: ReactNode;
}

/** The top of every page: its Vietnamese title (the page's only h1) and one line on what it is for. */
export function PageIntro({ title, description, children }: Props) {
  return (
    <div className={styles.intro}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{description}</p>
      {children}
    </div>
  );
}
