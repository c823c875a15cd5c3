export * from './conversationRules';
