export * from './errorCodes';
