import { PageIntro } from '../../components/PageIntro';
import { Notice } from '../../components/Notice';
import { SectionList } from '../../components/SectionList';
import { vi } from '../../i18n/vi';

/** Service packages: one section per package of the header's menu (linked by #id). */
export function PackagesPage() {
  const t = vi.packages;
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <SectionList sections={t.sections} />
      <Notice>
        <p>{t.comingSoon}</p>
      </Notice>
    </>
  );
}

export default PackagesPage;
