import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import styles from './SectionList.module.css';

export interface SectionItem {
  id: string;
  name: string;
  text: string;
}

/**
 * Sections with ids the header's mega menu links to (e.g. /services#nang-cao). The router does not
 * scroll to a hash by itself, so the section named by the hash is scrolled into view.
 */
export function SectionList({ sections }: { sections: readonly SectionItem[] }) {
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <div className={styles.list}>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className={`${styles.card} ${hash === `#${section.id}` ? styles.current : ''}`}
        >
          <h2 id={`${section.id}-heading`} className={styles.name}>
            {section.name}
          </h2>
          <p className={styles.text}>{section.text}</p>
        </section>
      ))}
    </div>
  );
}
