import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';

const text = {
  comingSoon: 'Tính năng đặt lịch trực tuyến sắp ra mắt.',
  servicesCta: 'Xem các dịch vụ',
};

/** Booking a service appointment (the header's 'Đặt chỗ ngay' leads here; the booking flow is another issue). */
export function BookingPage() {
  const t = vi.booking;
  usePageMeta(t.title, t.description);
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Notice>
        <p>{text.comingSoon}</p>
        <Link to="/services">{text.servicesCta}</Link>
      </Notice>
    </>
  );
}

export default BookingPage;
