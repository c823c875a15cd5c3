import { lazy, Suspense } from 'react';
import { AreaPage } from '../../components/AreaPage';
import { Loading } from '../../components/LoadStatus';
import { predictionModelsText } from '../../predictionModels/predictionModelsText';

// The model page and its charts are their own chunk, fetched only when an admin opens /admin/models.
const PredictionModels = lazy(() => import(/* webpackChunkName: "prediction-models" */ '../../predictionModels/PredictionModels'));

/** /admin/models (spec predictive.md §4): the failure-prediction model's figures, calibration and "Huấn luyện ngay". */
export function PredictionModelsPage() {
  return (
    <AreaPage area="admin" path="/admin/models">
      <Suspense fallback={<Loading text={predictionModelsText.loading} />}>
        <PredictionModels />
      </Suspense>
    </AreaPage>
  );
}

export default PredictionModelsPage;
