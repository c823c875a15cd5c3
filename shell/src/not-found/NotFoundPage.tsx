import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { messages } from 'shared-contracts';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  useEffect(() => {
    document.title = `${messages.notFound.title} | ${messages.brand.name}`;
  }, []);
  return (
    <section className={styles.notFound} data-page="not-found">
      <p className={styles.code} aria-hidden="true">404</p>
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.description}</p>
      <Link to="/" className={styles.home}>
        {messages.notFound.backHome}
      </Link>
    </section>
  );
}
