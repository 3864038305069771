import { z } from 'zod';
import { textField } from '../common/common.schemas';

/**
 * Decline reasons (docs/product/review.md, Decline reasons): a code and a short text each, kept
 * by administrators. A decline names one of those in use, with an optional note.
 */

/**
 * The reasons the portal starts with (migration 0027 seeds them). Their codes are stable: the
 * automatic checks before submitting name their failures by them.
 */
export const SEEDED_DECLINE_REASONS = [
  { code: 'destination_link', text: 'Destination link does not work' },
  { code: 'text_too_long', text: 'Text too long' },
  { code: 'image_size', text: 'Image too small or wrong ratio' },
  { code: 'video_too_long', text: 'Video too long' },
  { code: 'missing_brand', text: 'Missing brand name' },
  { code: 'prohibited', text: 'Prohibited content' },
] as const;
export type SeededDeclineReasonCode = (typeof SEEDED_DECLINE_REASONS)[number]['code'];

export const DECLINE_REASON_LIMITS = {
  codeMaxLength: 40,
  textMaxLength: 120,
  noteMaxLength: 500,
  /** Reasons kept at most, retired ones included: the dialog's list stays short enough to read. */
  maxReasons: 50,
  /** Months the counts per reason cover, this one included. */
  countMonths: 12,
} as const;

export const DECLINE_REASON_MESSAGES = {
  codeRequired: 'Choose a reason for declining',
  codeInvalid: `The code must be 2 to ${DECLINE_REASON_LIMITS.codeMaxLength} lower-case letters, digits or underscores, starting with a letter`,
  codeTaken: 'A reason with this code already exists',
  codeNotInUse: 'Choose one of the reasons in use',
  textRequired: 'The reason text is required',
  textTooLong: `The reason text must be at most ${DECLINE_REASON_LIMITS.textMaxLength} characters`,
  noteTooLong: `The note must be at most ${DECLINE_REASON_LIMITS.noteMaxLength} characters`,
  nothingToChange: 'Send the text or retired',
  tooMany: `At most ${DECLINE_REASON_LIMITS.maxReasons} reasons can be kept`,
  notFound: 'Decline reason not found',
  created: 'Decline reason added',
  updated: 'Decline reason updated',
} as const;

/** What the customer is told: the reason's text, then the administrator's note when there is one. */
export const declineText = (reasonText: string, note: string | null | undefined) =>
  note ? `${reasonText}. ${note}` : reasonText;

const CODE_PATTERN = /^[a-z][a-z0-9_]+$/;

const codeSchema = textField(
  'The code',
  DECLINE_REASON_MESSAGES.codeInvalid,
  z
    .string()
    .trim()
    .max(DECLINE_REASON_LIMITS.codeMaxLength, { error: DECLINE_REASON_MESSAGES.codeInvalid, abort: true })
    .regex(CODE_PATTERN, { error: DECLINE_REASON_MESSAGES.codeInvalid }),
);

const reasonTextSchema = textField(
  'The reason text',
  DECLINE_REASON_MESSAGES.textRequired,
  z
    .string()
    .trim()
    .min(1, { error: DECLINE_REASON_MESSAGES.textRequired, abort: true })
    .max(DECLINE_REASON_LIMITS.textMaxLength, { error: DECLINE_REASON_MESSAGES.textTooLong }),
);

/** A decline's reason code: any text here, checked against the reasons in use by the server. */
export const declineReasonCodeSchema = textField(
  'The reason',
  DECLINE_REASON_MESSAGES.codeRequired,
  z
    .string()
    .trim()
    .min(1, { error: DECLINE_REASON_MESSAGES.codeRequired, abort: true })
    .max(DECLINE_REASON_LIMITS.codeMaxLength, { error: DECLINE_REASON_MESSAGES.codeNotInUse }),
);

/** A decline's note: optional, blank is none. */
export const declineNoteSchema = textField(
  'The note',
  '',
  z
    .string()
    .trim()
    .max(DECLINE_REASON_LIMITS.noteMaxLength, { error: DECLINE_REASON_MESSAGES.noteTooLong })
    .transform((note) => note || undefined),
);

export const declineReasonSchema = z
  .object({
    code: z.string(),
    text: z.string(),
    /** When it was retired: kept on past declines, no longer offered. Null while in use. */
    retired_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'DeclineReason' });
export type DeclineReason = z.infer<typeof declineReasonSchema>;

export const declineReasonListResponseSchema = z
  .object({ data: z.array(declineReasonSchema) })
  .meta({ id: 'DeclineReasonList' });

export const declineReasonResponseSchema = z
  .object({ message: z.string(), data: declineReasonSchema })
  .meta({ id: 'DeclineReasonResponse' });

export const createDeclineReasonRequestSchema = z
  .object({ code: codeSchema, text: reasonTextSchema })
  .meta({ id: 'CreateDeclineReasonRequest' });

/** Rename (`text`), retire (`retired: true`) or bring back into use (`retired: false`). */
export const updateDeclineReasonRequestSchema = z
  .object({
    text: reasonTextSchema.optional(),
    retired: z.boolean({ error: 'Retired must be true or false' }).optional(),
  })
  .refine((body) => body.text !== undefined || body.retired !== undefined, {
    error: DECLINE_REASON_MESSAGES.nothingToChange,
  })
  .meta({ id: 'UpdateDeclineReasonRequest' });

/**
 * A reason code in a path. Anything that cannot be a code becomes '', which names no reason, so
 * it answers 404 like a code that does not exist (as `idParams` does for ids).
 */
export const declineReasonParams = z.object({
  code: z
    .string()
    .transform((value) =>
      CODE_PATTERN.test(value) && value.length <= DECLINE_REASON_LIMITS.codeMaxLength ? value : '',
    )
    .meta({ description: 'The reason code' }),
});

/** Declines per reason and month, oldest month first (docs/product/review.md, Decline reasons). */
export const declineCountsResponseSchema = z
  .object({
    /** The months counted, `YYYY-MM` in UTC, oldest first, this one last. */
    months: z.array(z.string()),
    data: z.array(
      z.object({
        /** Null for declines recorded before reasons had codes (free text only). */
        code: z.string().nullable(),
        text: z.string(),
        retired: z.boolean(),
        /** One count per month, in the order of `months`. */
        counts: z.array(z.number().int()),
        total: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'DeclineCounts' });
export type DeclineCounts = z.infer<typeof declineCountsResponseSchema>;
