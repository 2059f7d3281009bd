import { usePlatformStats } from '../api/get-platform-stats';
import { PlatformStatsView } from './platform-stats-view';

/** Real platform figures, read through the query cache (the app). */
export function PlatformStats() {
  const { data, isError } = usePlatformStats();
  return <PlatformStatsView data={data} isError={isError} />;
}
