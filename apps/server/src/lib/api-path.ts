/** The API and the metrics: everything else is the web app's files. */
export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/metrics');

/** Load balancers' probes: always answered, never counted against an address. */
export const HEALTH_PATHS = new Set(['/api/health', '/api/ready']);
