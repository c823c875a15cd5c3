// Diagnostics: the symptom vocabulary and its matching, the prediction's states, the one scale of likelihood words
// and the types of its API answers.
// Zod-free (its own entry, not on the first load of '/'): the schemas themselves are in 'shared-contracts/schemas'.
export * from './symptoms';
export * from './symptomGroups';
export * from './predictionStates';
export * from './likelihoodWords';
export type {
  ComponentForecastDto,
  DiagnosisDto,
  DiagnosisEvaluationDto,
  DiagnosisRequest,
  ModelVersionDto,
  RiskEstimateDto,
  VehicleForecastDto,
} from '../schemas/prediction';
