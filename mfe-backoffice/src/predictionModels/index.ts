import { lazy } from 'react';

// The failure-prediction model's figures on /admin/models (spec predictive.md §4).
export { predictionModelsText } from './predictionModelsText';

/** The model page and its charts are their own chunk, fetched only when an admin opens /admin/models. */
export const PredictionModels = lazy(() => import(/* webpackChunkName: "prediction-models" */ './PredictionModels'));
