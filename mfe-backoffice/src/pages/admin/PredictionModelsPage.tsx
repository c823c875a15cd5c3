import { Suspense } from 'react';
import { AreaPage } from '../../components/AreaPage';
import { Loading } from '../../components/LoadStatus';
// PredictionModels is lazy: the model page and its charts are their own chunk, fetched on /admin/models only
import { PredictionModels, predictionModelsText } from '../../predictionModels';

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
