/** The parts of s3rver (an S3-compatible server for tests, no types of its own) storage.test.ts uses. */
declare module 's3rver' {
  import type { IncomingHttpHeaders } from 'node:http';

  interface RequestContext {
    method: string;
    path: string;
    headers: IncomingHttpHeaders;
  }

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    });
    /** Koa's middleware chain (s3rver is a Koa application). */
    middleware: ((ctx: RequestContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
