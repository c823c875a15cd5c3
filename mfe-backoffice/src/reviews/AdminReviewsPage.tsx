import { useSearchParams } from 'react-router-dom';
import { AreaPage } from '../components/AreaPage';
import { queryId } from '../layout/links';
import { ReviewQueue } from './ReviewQueue';

/** /admin/reviews "Đánh giá sản phẩm": the moderation queue (?productId= narrows it to one product). */
export function AdminReviewsPage() {
  const [params] = useSearchParams();
  return (
    <AreaPage area="admin" path="/admin/reviews">
      <ReviewQueue initialProductId={queryId(params.get('productId')) ?? undefined} />
    </AreaPage>
  );
}

export default AdminReviewsPage;
