export * from './notificationRules';
