import { errorCodes } from '../../common/error-codes.ts';
// The support area's error codes and messages.

export const SUPPORT_ERRORS = errorCodes([
  /** the ticket's state does not allow this (a message on a closed ticket, resolving twice differently) */
  'TICKET_STATE_CONFLICT',
  /** a survey already answered by this user */
  'SURVEY_ALREADY_ANSWERED',
  /** a referral that cannot be taken: own code, unknown code, number already joined */
  'REFERRAL_NOT_ALLOWED',
  /** a rate card under review or approved cannot be edited */
  'RATE_CARD_LOCKED',
]);

export const SUPPORT_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  referenceNotFound: 'The trip, load, toll or payment this ticket is about was not found',
  ticketClosed: 'This ticket is closed. Raise a new ticket.',
  ticketCreated: 'Ticket raised. Our team will reply here.',
  messageSent: 'Message sent',
  resolved: 'Ticket resolved',
  assigned: 'Ticket assigned',
  messageRequired: 'Write a message or attach a photo',
  messageTooLong: 'Message is too long (at most 2000 characters)',
  fileNotUploaded: 'The photo was not uploaded. Please try again.',
  fileRejected: 'Only photos (JPG, PNG, WebP, HEIC) can be attached',
  fileTooLarge: 'The photo is larger than 5 MB',
  badFileName: 'Only photos (JPG, PNG, WebP, HEIC) can be attached',
  // spec §8
  surveyError: 'Error in submitting.',
  somethingWentWrong: 'Something went wrong',
  surveyAnswered: 'You have already answered this survey',
  surveySaved: 'Thank you for your feedback',
  trainingFailed: 'Failed to fetch training content',
  trainingDone: 'Training completed',
  referralOwn: 'You cannot use your own referral link',
  referralUnknown: 'This referral link is not valid',
  referralTaken: 'This mobile number has already joined',
  referralJoined: 'Thank you! Our team will call you soon.',
  referralCodeSent: 'We sent a code to this number. Enter it to join.',
  referralCodeInvalid: 'The code is wrong or has expired. Ask for a new code.',
  referralCodeLimit: 'Too many codes asked for this number. Try again in 15 minutes.',
  rateCardNotFound: 'Rate card not found',
  rateCardLocked: 'This rate card is under review or approved and cannot be changed',
  rateCardSaved: 'Rate card saved',
  rateCardSubmitted: 'Rate card submitted for review',
  reasonRequired: 'Give a reason for rejecting',
} as const;
