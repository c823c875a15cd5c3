export * from './reviewRules';
