export declare const SERVER_NODE_FLAGS: string[];
export declare function serverEnv(
  env: Record<string, string | undefined>,
): Record<string, string | undefined>;
