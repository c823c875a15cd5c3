import { Link } from 'react-router-dom';
import { CentreList } from '../../components/CentreList';
import { PageIntro } from '../../components/PageIntro';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import styles from './AboutPage.module.css';

const text = {
  storyHeading: 'Về chúng tôi',
  story: [
    'EV Service là chuỗi trung tâm bảo dưỡng, sửa chữa và cung cấp phụ tùng dành riêng cho xe điện: xe máy điện, xe tay ga điện, mô tô điện và ô tô điện.',
    'Kỹ thuật viên của chúng tôi được đào tạo về pin lithium, hệ thống quản lý pin (BMS), động cơ và bộ điều khiển. Mỗi lần bảo dưỡng đều theo một danh sách kiểm tra rõ ràng, giá dịch vụ và phụ tùng được công bố trước.',
  ],
  valuesHeading: 'Cam kết của chúng tôi',
  values: [
    'Giá niêm yết công khai, báo trước mọi chi phí phát sinh và chỉ làm khi bạn đồng ý.',
    'Phụ tùng chính hãng, có bảo hành và ghi rõ dòng xe tương thích.',
    'Lịch sử bảo dưỡng của xe được lưu lại sau mỗi lần phục vụ.',
  ],
  centresHeading: 'Hệ thống trung tâm',
  contact: 'Liên hệ với chúng tôi',
  version: (version: string) => `Phiên bản giao diện: ${version}`,
};

/** About the company, its centres (from the API) and the storefront build version (useful when reporting a problem). */
export function AboutPage() {
  usePageMeta(vi.about.title, vi.about.description);
  return (
    <>
      <PageIntro title={vi.about.title} description={vi.about.description} />
      <section aria-labelledby="about-story" className={styles.section}>
        <h2 id="about-story">{text.storyHeading}</h2>
        {text.story.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="about-values" className={styles.section}>
        <h2 id="about-values">{text.valuesHeading}</h2>
        <ul>
          {text.values.map((value) => (
            <li key={value}>{value}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-centres" className={styles.section}>
        <h2 id="about-centres">{text.centresHeading}</h2>
        <CentreList />
        <p>
          <Link to="/contact">{text.contact}</Link>
        </p>
      </section>
      <p className={styles.version}>{text.version(__APP_VERSION__)}</p>
    </>
  );
}

export default AboutPage;
