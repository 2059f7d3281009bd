export const serviceKeys = { all: ['admin', 'services'] as const };
