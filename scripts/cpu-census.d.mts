export interface CpuCensusRow {
  kind: string;
  processes: number;
  seconds: number;
}
export interface CpuCensusResult {
  rows: CpuCensusRow[];
  busy: number;
}
export declare function kindOf(cmdline: string): string;
export declare function startCpuCensus(options?: { intervalMs?: number }): {
  stop(): CpuCensusResult | null;
};
export declare function formatCpuCensus(result: CpuCensusResult | null): string;
