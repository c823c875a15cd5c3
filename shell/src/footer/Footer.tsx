import { Link } from 'react-router-dom';
import { messages } from 'shared-contracts';
import styles from './Footer.module.css';

export function Footer({ now = () => new Date() }: { now?: () => Date }) {
  const year = now().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav className={styles.links} aria-label="Liên kết cuối trang">
          <Link to="/about">Giới thiệu</Link>
          <Link to="/services">Dịch vụ</Link>
          <Link to="/products">Sản phẩm</Link>
          <Link to="/contact">Liên hệ</Link>
        </nav>
        <p className={styles.copyright}>
          {messages.footer.copyright(year)} {messages.footer.allRightsReserved}
        </p>
      </div>
    </footer>
  );
}
