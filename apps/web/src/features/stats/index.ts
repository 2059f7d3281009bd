export { statsKeys, statsQueryOptions, useStats } from './api/get-stats';
export { STATS_TITLE, StatsScreen } from './components/stats-screen';
