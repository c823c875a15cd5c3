// Diagnostics: the symptom vocabulary and its matching (its own entry: not on the first load of '/').
export * from './symptoms';
export * from './predictionSchemas';
