import type { okSchema } from '@bhada/contracts/common';
import type {
  PodUploadUrlResponse,
  podUploadUrlRequestSchema,
  submitPodRequestSchema,
  submitPodResponseSchema,
  TripPodDetails,
} from '@bhada/contracts/trips/pod';
import type {
  advanceStateRequestSchema,
  cancelConfirmationSchema,
  cancelResponseSchema,
  chargeDecisionRequestSchema,
  chargeRefSchema,
  chargeRequestSchema,
  delayResponseSchema,
  OtpStage,
  SlotResponse,
  StateChangeWidget,
  TripDetail,
  TripDetailV2,
  TripListResponse,
  TripTransactions,
  tripExpensesResponseSchema,
  tripFiltersResponseSchema,
  tripOtpRequestSchema,
  tripOtpResponseSchema,
  tripStateDetailSchema,
  updateDelayRequestSchema,
  verifyPodRequestSchema,
} from '@bhada/contracts/trips/trips';
import { type In, type Out, query, type Send } from './index.ts';

const V1 = '/api/rest/tesseract/v1/trip';
const V2 = '/api/rest/tesseract/v2/trip';
const APP = '/api/odin/operator-app';

export type ReplaceVehicle = { tripId: string; vehicleId: string; driverName: string; driverNumber: string; reasonCode: string };

/** The operator's trip calls (marketplace §7), typed by the trips contract. */
export function tripsClient(send: Send) {
  return {
    list: (q: { filter?: string; pageSize?: number; pageNo?: number } = {}) => send<TripListResponse>('GET', `${V1}${query(q)}`),
    filters: (selected?: string) => send<Out<typeof tripFiltersResponseSchema>>('GET', `${V1}/trip-state-filter${query({ selected })}`),
    detail: (tripId: string) => send<TripDetail>('GET', `${V1}/${tripId}`),
    detailV2: (tripId: string) => send<TripDetailV2>('GET', `${V2}/${tripId}`),
    stages: (tripId: string) => send<Out<typeof tripStateDetailSchema>>('GET', `${V2}/trip-state-detail${query({ tripId })}`),
    transactions: (ref: { tripId: string } | { demandId: string }) =>
      send<TripTransactions>('GET', `${APP}/trip-transactions${query('tripId' in ref ? ref : { 'demand-id': ref.demandId })}`),
    expenses: (tripId: string) => send<Out<typeof tripExpensesResponseSchema>>('GET', `${APP}/trip-expenses${query({ tripId })}`),
    advanceView: (tripId: string) => send<StateChangeWidget>('POST', `${V1}/operator/advance-state-view`, { tripId }),
    advance: (body: In<typeof advanceStateRequestSchema>) => send<StateChangeWidget>('POST', `${V1}/operator/advance-state`, body),
    /** asks for a stage code, or (with `otp`) checks it */
    otp: (body: In<typeof tripOtpRequestSchema>) => send<Out<typeof tripOtpResponseSchema>>('POST', `${V1}/otp`, body),
    sendCode: (tripId: string, stage: OtpStage) => send<Out<typeof tripOtpResponseSchema>>('POST', `${V1}/otp`, { tripId, stage }),
    claimCharge: (tripId: string, body: In<typeof chargeRequestSchema>) =>
      send<Out<typeof chargeRefSchema>>('POST', `${V2}/${tripId}/charges`, body),
    slots: (tripId: string, location: 'LOADING' | 'UNLOADING' = 'LOADING') =>
      send<SlotResponse>('GET', `${V2}/${tripId}/slot${query({ location })}`),
    bookSlot: (tripId: string, body: { location: 'LOADING' | 'UNLOADING'; start: string }) =>
      send<SlotResponse>('PATCH', `${V2}/${tripId}/slot`, body),
    loadingSlots: (tripId: string) => send<SlotResponse>('GET', `${V2}/${tripId}/loading-slot`),
    bookLoadingSlot: (tripId: string, start: string) => send<SlotResponse>('POST', `${V2}/${tripId}/loading-slot`, { start }),
    reportDelay: (tripId: string, body: In<typeof updateDelayRequestSchema>) =>
      send<Out<typeof delayResponseSchema>>('PATCH', `${V1}/${tripId}/delay`, body),
    cancelConfirmation: (tripId: string) => send<Out<typeof cancelConfirmationSchema>>('GET', `${V2}/${tripId}/cancel-confirmation`),
    cancel: (tripId: string, reasonCode: string) =>
      send<Out<typeof cancelResponseSchema>>('POST', `${V2}/${tripId}/cancel`, { reasonCode }),
    replaceVehicle: (body: ReplaceVehicle) =>
      send<{ tripId: string; vehicleId: string; vehicleNumber: string }>('POST', `${V2}/replace-vehice`, body),
  };
}

/** The POD calls of the operator app (marketplace §7.4), typed by the pod contract. */
export function podClient(send: Send) {
  return {
    uploadUrl: (body: In<typeof podUploadUrlRequestSchema>) => send<PodUploadUrlResponse>('POST', `${APP}/upload-url`, body),
    details: (tripId: string) => send<TripPodDetails>('GET', `${APP}/trip-pod-details${query({ tripId })}`),
    submit: (body: In<typeof submitPodRequestSchema>) => send<Out<typeof submitPodResponseSchema>>('POST', `${V1}/submit-pod`, body),
  };
}

/** The admin's trip calls: charge decisions, POD review, completion. */
export function tripsAdminClient(send: Send) {
  const base = (tripId: string) => `/api/admin/trips/${tripId}`;
  return {
    decideCharge: (tripId: string, chargeId: string, body: In<typeof chargeDecisionRequestSchema>) =>
      send<Out<typeof chargeRefSchema>>('POST', `${base(tripId)}/charges/${chargeId}/decision`, body),
    verifyPod: (tripId: string, body: In<typeof verifyPodRequestSchema>) =>
      send<{ tripId: string }>('POST', `${base(tripId)}/pod/verify`, body),
    rejectPod: (tripId: string, reason: string) => send<{ tripId: string }>('POST', `${base(tripId)}/pod/reject`, { reason }),
    complete: (tripId: string) => send<Out<typeof okSchema>>('POST', `${base(tripId)}/complete`),
  };
}
