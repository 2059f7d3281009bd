import { useQuery } from '@tanstack/react-query';
import { roomTypeSeriesSchema } from '@sorteio/shared';
import { type AnalyticsDays, chartQueryOptions } from './analytics-query';

/** GET /api/admin/analytics/room-types: confirmed participations (and their amount in centavos) per room type. */
export const roomTypeSeriesQueryOptions = (days: AnalyticsDays) =>
  chartQueryOptions('room-types', roomTypeSeriesSchema, days);

export const useRoomTypeSeries = (days: AnalyticsDays) =>
  useQuery(roomTypeSeriesQueryOptions(days));
