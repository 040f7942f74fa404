import { errorCodes } from '../../common/error-codes.ts';
// Error codes and the spec's messages of the trips area.

export const TRIPS_ERRORS = errorCodes([
  /** the stage or target state does not fit the trip's current state */
  'TRIP_STAGE_MISMATCH',
  /** advance-state asked for an edge that needs the other party's OTP */
  'TRIP_OTP_REQUIRED',
  /** the stage code is wrong, expired or used */
  'TRIP_OTP_INVALID',
  /** five wrong tries on one code, or too many codes asked */
  'TRIP_OTP_LIMIT',
  /** the slot is outside the bookable windows */
  'SLOT_INVALID',
  /** another trip booked the same window at the same point */
  'SLOT_TAKEN',
  /** cancel or replace after the truck was loaded */
  'TRIP_NOT_CANCELLABLE',
  /** the replacement vehicle is on another running trip */
  'VEHICLE_BUSY',
  /** the chosen driver is on another unfinished trip of the operator */
  'DRIVER_BUSY',
  /** a claim that is no longer open for edits */
  'CHARGE_NOT_EDITABLE',
  /** notify-consigner asked again within the quiet period */
  'NOTIFY_TOO_SOON',
  /** a reached-point stage while the truck's latest position is outside the point's radius (ADR 270) */
  'STAGE_TOO_FAR',
  /** a reached-point stage with no recent position of the truck: only an override with a reason may mark it */
  'STAGE_NO_POSITION',
]);

export const TRIPS_MESSAGES = {
  stageMismatch: (state: string, stage: string) => `This trip is ${state.replace(/_/g, ' ').toLowerCase()}; ${stage} cannot be done now`,
  otpRequired: 'This step needs the code sent to the consigner. Ask them for the OTP.',
  otpInvalid: 'The code is wrong or has expired. Please check it or ask for a new one.',
  otpLimit: 'Too many tries. Please ask for a new code later.',
  otpSent: 'OTP sent to the consigner contact',
  otpVerified: 'OTP verified',
  stateUpdated: 'Trip updated',
  remarksError: 'Error in updating remarks',
  reasonError: 'Error submitting reason. Please try again.',
  remarksUpdated: 'Remarks updated',
  slotInvalid: 'Choose one of the available slots',
  slotTaken: 'This slot was just booked by another truck. Please choose another.',
  slotBooked: 'Slot booked',
  notCancellable: 'The trip can no longer be cancelled or changed after loading',
  vehicleBusy: 'This vehicle is already on another trip',
  driverBusy: (tripId: string) => `This driver is already on trip ${tripId}. Choose another driver or finish that trip first.`,
  vehicleReplaced: 'Vehicle replaced',
  cancelled: 'Trip cancelled',
  chargeNotEditable: 'This claim was already decided and cannot be changed',
  chargeSubmitted: 'Successfully Submitted',
  invoiceGetError: 'Error in getting Invoice',
  invoiceUpdated: 'Invoice Updated SuccessFully',
  invoiceUpdateError: 'Error in updating Invoice',
  invoiceDeleted: 'Invoice deleted successfully',
  notifyTooSoon: 'The consigner was notified a few minutes ago. Please wait before notifying again.',
  consignerNotified: 'Consigner notified',
  alertRecorded: 'Alert recorded',
  feedbackSaved: 'Successfully Submitted',
  somethingWentWrong: 'Something went wrong',
  stageTooFar: (km: number, point: string, radius: number) =>
    `The truck is ${km} km from the ${point} point; it must be within ${radius} km. Mark it when the truck is there, or give a reason.`,
  stageNoPosition: (point: string) => `There is no recent position of this truck. Give a reason to mark the ${point} point reached.`,
} as const;
