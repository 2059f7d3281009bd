export * from './auth';
export * from './accounts';
export * from './rooms';
export * from './payments';
