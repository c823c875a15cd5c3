/**
 * The prediction module's front door — wear models, training and forecasts. Nothing else of the module is imported
 * from outside.
 */
export { checklistCodesOf, componentOfChecklistCode } from './checklistComponents';
export { componentInfo } from './componentLabels';
export { NO_EVIDENCE, rankComponents, type SymptomEvidence } from './diagnosisRanking';
export { InspectionReading, addVehicleChecklistRow, saysReplaced } from './inspectionQueries';
export { vehicleAgeMonths } from './inspectionSteps';
export { SAFETY_CRITICAL_SYMPTOMS, SYMPTOM_LINKS } from './knowledgeBase';
export { predictionModule } from './predictionModule';
export { symptomEvidenceCache } from './symptomCases';
export { HORIZON_MONTHS, forecastVehicle } from './vehicleForecast';
export { vehicleForecastOf } from './vehicleForecastQueries';
export type { WearParameters } from './wearModel';
export { TrainingInProgressError, latestWearModel, runWearTraining, type WearModelVersion } from './wearTraining';
