import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';

/** Contact: how to reach the shop. */
export function ContactPage() {
  const t = vi.contact;
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Notice>
        <p>{t.bookHint}</p>
        <Link to="/booking">{t.bookCta}</Link>
      </Notice>
    </>
  );
}

export default ContactPage;
