import {
  currentLocationResponseSchema,
  itineraryResponseSchema,
  mapDataResponseSchema,
  pathDetailResponseSchema,
  scheduledCountsResponseSchema,
  scheduledFilterResponseSchema,
  scheduledResponseSchema,
} from '@bhada/contracts/operations/operations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { operationsKeys } from './consignments.ts';

export type ScheduleFilters = { date?: string; laneCode?: string; consignerCode?: string; operatorId?: string; state?: string };

export const useScheduleFilterOptions = () =>
  useQuery({
    queryKey: ['operations', 'schedule-filter'],
    queryFn: () => http.get('/api/vehicle/scheduledFilter', { schema: scheduledFilterResponseSchema }),
    staleTime: 60_000,
  });

export const useScheduledCounts = (f: ScheduleFilters) =>
  useQuery({
    queryKey: operationsKeys.scheduled({ counts: true, ...f, state: undefined }),
    queryFn: () => http.get('/api/vehicle/scheduledCounts', { query: { ...f, state: undefined }, schema: scheduledCountsResponseSchema }),
    refetchInterval: 30_000,
  });

export const useScheduled = (f: ScheduleFilters & { pageNo: number }) =>
  useQuery({
    queryKey: operationsKeys.scheduled({ list: true, ...f }),
    queryFn: () => http.get('/api/vehicle/scheduled', { query: { ...f, pageSize: 20 }, schema: scheduledResponseSchema }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

/** Map markers grouped by area for the zoom and the visible box (spec: aggregatedMapDataForSchedule). */
export const useMapData = (f: ScheduleFilters & { zoom: number; bbox?: string }) =>
  useQuery({
    queryKey: operationsKeys.scheduled({ map: true, ...f }),
    queryFn: () => http.get('/api/vehicle/aggregatedMapDataForSchedule', { query: f, schema: mapDataResponseSchema }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useItinerary = (id: string | null) =>
  useQuery({
    queryKey: operationsKeys.vehicle('itinerary', id ?? ''),
    queryFn: () => http.get('/api/vehicle/getItinerary', { query: { id }, schema: itineraryResponseSchema }),
    enabled: Boolean(id),
  });

export const usePathDetail = (id: string | null) =>
  useQuery({
    queryKey: operationsKeys.vehicle('path', id ?? ''),
    queryFn: () => http.get('/api/vehicle/getPathDetail', { query: { id }, schema: pathDetailResponseSchema }),
    enabled: Boolean(id),
  });

export const useCurrentLocation = (id: string | null) =>
  useQuery({
    queryKey: operationsKeys.vehicle('location', id ?? ''),
    queryFn: () => http.get('/api/vehicle/getCurrentLocation', { query: { id }, schema: currentLocationResponseSchema }),
    enabled: Boolean(id),
    refetchInterval: 30_000,
  });
