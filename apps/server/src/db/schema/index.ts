export * from './auth';
export * from './accounts';
export * from './rooms';
export * from './payments';
export * from './private-rooms';
export * from './admin';
