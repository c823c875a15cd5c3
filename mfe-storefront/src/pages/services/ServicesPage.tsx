import { Link } from 'react-router-dom';
import buttons from '../../components/buttons.module.css';
import { PageIntro } from '../../components/PageIntro';
import { SectionList } from '../../components/SectionList';
import { vi } from '../../i18n/vi';

/** Services: one section per entry of the header's services mega menu (linked by #id). */
export function ServicesPage() {
  const t = vi.services;
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <SectionList sections={t.sections} />
      <Link to="/booking" className={buttons.primary}>
        {t.bookCta}
      </Link>
    </>
  );
}

export default ServicesPage;
