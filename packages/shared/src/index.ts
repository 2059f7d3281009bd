export * from './errors';
export * from './auth';
export * from './format';
export * from './messages';
export * from './money';
export * from './system';
export * from './validation';
export * from './account';
