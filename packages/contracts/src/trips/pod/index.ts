import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';

/** Documents a trip carries; each is uploaded through a signed URL and checked by content. */
export const DOC_TYPES = ['POD', 'BILTI', 'CHARGE_DOCUMENT', 'INVOICE'] as const;
export const docTypeSchema = z.enum(DOC_TYPES);
export type DocType = z.infer<typeof docTypeSchema>;

/** Content types we accept, keyed by the extension a file name may claim. */
export const FILE_KINDS = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heic',
  pdf: 'application/pdf',
} as const;
export type FileExtension = keyof typeof FILE_KINDS;
export const ALLOWED_EXTENSIONS = Object.keys(FILE_KINDS) as FileExtension[];
/** 10 MiB: a phone photo after compression is far below; a scanned PDF fits */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_POD_FILES = 10;
/** the browser compresses photos above this before uploading */
export const COMPRESS_ABOVE_BYTES = 1.5 * 1024 * 1024;
export const UPLOAD_URL_TTL_SECONDS = 600;

export const POD_ERRORS = errorCodes([
  /** the file's bytes are not the type its name claims, or not an allowed type */
  'FILE_REJECTED',
  /** the uploaded file is larger than MAX_FILE_BYTES */
  'FILE_TOO_LARGE',
  /** a resource key was never uploaded, or belongs to another trip */
  'FILE_NOT_UPLOADED',
]);

export const POD_MESSAGES = {
  uploaded: 'POD uploaded successfully',
  submitted: 'Successfully Submitted',
  fileRejected: (name: string) => `${name} is not a valid JPEG, PNG, WebP, HEIC or PDF file`,
  fileTooLarge: (name: string) => `${name} is larger than 10 MB`,
  fileNotUploaded: 'Some photos were not uploaded. Please upload them again.',
  badFileName: 'Invalid file name',
  fetchImagesError: 'Error occured in fetching images',
  verified: 'POD verified',
  rejected: 'POD rejected',
} as const;

/** a plain file name: no folders, no leading dot, an allowed extension */
export const fileNameSchema = z
  .string({ error: 'fileName is required' })
  .trim()
  .min(3, 'Invalid file name')
  .max(120, 'Invalid file name')
  .refine((n) => !/[\\/\0]/.test(n) && !n.includes('..') && !n.startsWith('.'), 'Invalid file name')
  .refine(
    (n) => (ALLOWED_EXTENSIONS as string[]).includes(n.split('.').pop()?.toLowerCase() ?? ''),
    'Only JPEG, PNG, WebP, HEIC or PDF files',
  );

export const extensionOf = (fileName: string) => (fileName.split('.').pop()?.toLowerCase() ?? '') as FileExtension;

/** spec §7: body fileName, docType; the trip is named so only its operator may upload */
export const podUploadUrlRequestSchema = z
  .object({
    fileName: fileNameSchema,
    docType: docTypeSchema.default('POD'),
    tripId: z.string().min(1).max(40).optional(),
    demandId: z.string().min(1).max(40).optional(),
    /**
     * The phone's own id for one photo (ADR 144): asking again with the same id answers the same
     * file, so a retried upload after a dropped connection never adds a second copy.
     */
    clientKey: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid clientKey')
      .optional(),
  })
  .refine((b) => b.tripId || b.demandId, { message: 'tripId is required', path: ['tripId'] });
export type PodUploadUrlRequest = z.infer<typeof podUploadUrlRequestSchema>;
export const podUploadUrlResponseSchema = z.object({
  url: z.string(),
  imgResourceKey: z.string(),
  contentType: z.string(),
  expiresInSeconds: z.number().int(),
  maxBytes: z.number().int(),
  /** asked again with a clientKey whose photo already arrived: skip the PUT, confirm it (ADR 144) */
  alreadyUploaded: z.boolean().default(false),
});
export type PodUploadUrlResponse = z.infer<typeof podUploadUrlResponseSchema>;

export const podFileSchema = z.object({
  resourceKey: z.string(),
  fileName: z.string(),
  docType: docTypeSchema,
  imgUrl: z.string().nullable(),
  docViewUrl: z.string().nullable(),
  isUploadedSuccessFully: z.boolean(),
  status: z.enum(['PENDING', 'UPLOADED', 'SUBMITTED', 'VERIFIED', 'REJECTED']),
  createdAt: z.string(),
});
export type PodFile = z.infer<typeof podFileSchema>;

export const tripPodDetailsSchema = z.object({
  tripId: z.string(),
  demandId: z.string(),
  state: z.string(),
  /** spec §3 POD collectPod: the operator still has to collect and upload the POD */
  collectPod: z.boolean(),
  rejectReason: z.string().nullable(),
  pods: z.array(podFileSchema),
});
export type TripPodDetails = z.infer<typeof tripPodDetailsSchema>;

export const submitPodRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  demandId: z.string().max(40).optional(),
  podResourceKeys: z.array(z.string().min(1).max(300)).min(1, 'Add at least one POD photo').max(MAX_POD_FILES),
});
export type SubmitPodRequest = z.infer<typeof submitPodRequestSchema>;
export const submitPodResponseSchema = z.object({ tripId: z.string(), state: z.string(), accepted: z.array(z.string()) });
