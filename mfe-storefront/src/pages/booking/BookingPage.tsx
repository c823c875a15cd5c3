import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';

/** Booking a service appointment (the header's 'Đặt chỗ ngay' leads here). */
export function BookingPage() {
  const t = vi.booking;
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Notice>
        <p>{t.comingSoon}</p>
        <Link to="/services">{t.servicesCta}</Link>
      </Notice>
    </>
  );
}

export default BookingPage;
