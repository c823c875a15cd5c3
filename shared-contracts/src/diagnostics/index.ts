// Diagnostics: the symptom vocabulary and its matching, the prediction's states, the one scale of likelihood words
// and the types of its API answers.
// Zod-free at run time (its own entry, not on the first load of '/'): predictionSchemas.ts gives only types here; the
// API reads the schemas themselves through 'shared-contracts/schemas'.
export * from './symptoms';
export * from './symptomText';
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
} from './predictionSchemas';
