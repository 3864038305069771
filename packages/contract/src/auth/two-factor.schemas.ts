import { z } from 'zod';
import { textField } from '../common/common.schemas';
import { loginResponseSchema } from './auth.schemas';
import { PASSWORD_MESSAGES } from './password.schemas';
import { SIGNUP_MESSAGES } from './signup.schemas';

/**
 * Two-factor sign-in (docs/product/accounts.md, Two-factor sign-in;
 * docs/decisions/025-two-factor-sign-in.md): a password, then a code from an authenticator app
 * (RFC 6238) or a single-use recovery code.
 */
export const TWO_FACTOR_RULES = {
  /** How long the second step of a sign-in may wait after the password. */
  challengeLifetimeMs: 5 * 60_000,
  /** Wrong codes that end a sign-in's second step: the password must be entered again. */
  maxWrongCodes: 5,
  recoveryCodeCount: 10,
  /** Characters of a recovery code, written in groups of four: `abcd-efgh-jkmn-pqrs`. */
  recoveryCodeLength: 16,
} as const;

export const TWO_FACTOR_MESSAGES = {
  // The login answer when the password was right and a second step follows.
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  enrolmentNeeded: 'Administrators sign in with two-factor sign-in. Set up your authenticator app to continue.',
  // What people type.
  codeRequired: SIGNUP_MESSAGES.codeRequired,
  codeFormat: SIGNUP_MESSAGES.codeFormat,
  recoveryCodeRequired: 'The recovery code is required',
  recoveryCodeFormat: `A recovery code has ${TWO_FACTOR_RULES.recoveryCodeLength} letters and digits`,
  codeOrRecoveryCode: 'Enter the code from your authenticator app or a recovery code, not both',
  challengeTokenRequired: 'The sign-in token is required',
  challengeTokenInvalid: 'The sign-in token is not valid',
  passwordRequired: PASSWORD_MESSAGES.currentRequired,
  // Refusals.
  codeWrong: 'The code is incorrect',
  recoveryCodeWrong: 'This recovery code is incorrect or has been used',
  challengeEnded: 'Your sign-in has expired. Enter your password again.',
  tooManyWrongCodes: 'Too many wrong codes. Enter your password again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noEnrolment: 'Start setting up two-factor sign-in first.',
  requiredForAdmins: 'Administrators must keep two-factor sign-in on.',
  // Outcomes.
  enrolmentStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  recoveryCodesRegenerated: 'You have new recovery codes. The old ones no longer work.',
  disabled: 'Two-factor sign-in is off.',
} as const;

/** The six digits an authenticator app shows; spaces (as some apps group them, "123 456") are ignored. */
export const twoFactorCodeSchema = textField(
  'The code',
  TWO_FACTOR_MESSAGES.codeRequired,
  z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: TWO_FACTOR_MESSAGES.codeRequired, abort: true })
        .regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.codeFormat }),
    ),
);

/**
 * A recovery code as typed: any case, with or without its hyphens and spaces. The value is the
 * code's 16 characters in lower case, the form its hash is made of.
 */
export const recoveryCodeSchema = textField(
  'The recovery code',
  TWO_FACTOR_MESSAGES.recoveryCodeRequired,
  z
    .string()
    // A cap before the clean-up, so that a huge value costs nothing.
    .max(100, { error: TWO_FACTOR_MESSAGES.recoveryCodeFormat, abort: true })
    .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: TWO_FACTOR_MESSAGES.recoveryCodeRequired, abort: true })
        .regex(new RegExp(`^[a-z0-9]{${TWO_FACTOR_RULES.recoveryCodeLength}}$`), {
          error: TWO_FACTOR_MESSAGES.recoveryCodeFormat,
        }),
    ),
);

/** A recovery code as it is shown: four groups of four, `abcd-efgh-jkmn-pqrs`. */
export const formatRecoveryCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

const challengeTokenSchema = textField(
  'The sign-in token',
  TWO_FACTOR_MESSAGES.challengeTokenRequired,
  z
    .string()
    .min(1, { error: TWO_FACTOR_MESSAGES.challengeTokenRequired, abort: true })
    .max(200, { error: TWO_FACTOR_MESSAGES.challengeTokenInvalid }),
);

/**
 * What a sign-in challenge allows: `code`, the second step of a user with two-factor sign-in
 * on; `enrolment`, setting it up, for an administrator who must have it and does not yet.
 */
export const SIGN_IN_CHALLENGES = ['code', 'enrolment'] as const;
export type SignInChallengeKind = (typeof SIGN_IN_CHALLENGES)[number];

/**
 * The login answer for a right password when a second step follows: no session yet, but a
 * sign-in challenge for the next request (5 minutes, one sign-in, 5 wrong codes at most).
 */
export const signInChallengeSchema = z
  .object({
    message: z.string(),
    challenge: z.enum(SIGN_IN_CHALLENGES),
    challenge_token: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'SignInChallenge' });
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;

/** What `POST /login` answers 200: a session, or the challenge of a second step. */
export const loginAnswerSchema = z.union([loginResponseSchema, signInChallengeSchema]).meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** Whether a login answer asks for a second step rather than holding the session. */
export const isSignInChallenge = (answer: LoginAnswer): answer is SignInChallenge => 'challenge_token' in answer;

/** Exactly one of `code` and `recovery_code`: the error goes on `code` when neither is there. */
function oneSecondFactor(value: { code?: string; recovery_code?: string }, context: z.core.$RefinementCtx) {
  if (value.code === undefined && value.recovery_code === undefined) {
    context.addIssue({ code: 'custom', path: ['code'], message: TWO_FACTOR_MESSAGES.codeRequired });
  } else if (value.code !== undefined && value.recovery_code !== undefined) {
    context.addIssue({ code: 'custom', path: ['recovery_code'], message: TWO_FACTOR_MESSAGES.codeOrRecoveryCode });
  }
}

export const verifySignInRequestSchema = z
  .object({
    challenge_token: challengeTokenSchema,
    code: twoFactorCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .superRefine(oneSecondFactor)
  .meta({ id: 'VerifySignInRequest' });

export const challengeRequestSchema = z
  .object({ challenge_token: challengeTokenSchema })
  .meta({ id: 'SignInChallengeRequest' });

export const confirmSignInEnrolmentRequestSchema = z
  .object({ challenge_token: challengeTokenSchema, code: twoFactorCodeSchema })
  .meta({ id: 'ConfirmSignInEnrolmentRequest' });

export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema }).meta({ id: 'TwoFactorCodeRequest' });

export const disableTwoFactorRequestSchema = z
  .object({
    password: textField(
      'Password',
      TWO_FACTOR_MESSAGES.passwordRequired,
      z.string().min(1, { error: TWO_FACTOR_MESSAGES.passwordRequired }).max(256),
    ),
    code: twoFactorCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .superRefine(oneSecondFactor)
  .meta({ id: 'DisableTwoFactorRequest' });

/**
 * A new authenticator secret, waiting for its first code: `secret` in base32 to type in,
 * `otpauth_url` (the otpauth:// key URI) and `qr_code`, that URI drawn as an SVG data URL.
 */
export const twoFactorEnrolmentSchema = z
  .object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() })
  .meta({ id: 'TwoFactorEnrolment' });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorEnrolmentResponseSchema = z
  .object({ message: z.string(), data: twoFactorEnrolmentSchema })
  .meta({ id: 'TwoFactorEnrolmentResponse' });

/** Ten new recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesResponseSchema = z
  .object({ message: z.string(), recovery_codes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodesResponse' });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** The session of an administrator who set two-factor sign-in up while signing in, and the recovery codes. */
export const enrolledLoginResponseSchema = loginResponseSchema
  .extend({ recovery_codes: z.array(z.string()) })
  .meta({ id: 'EnrolledLoginResponse' });
export type EnrolledLoginResponse = z.infer<typeof enrolledLoginResponseSchema>;

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    /** Recovery codes not used yet. */
    recovery_codes_left: z.number().int(),
    /** The user is an administrator and the portal requires it of them: it cannot be turned off. */
    required: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorStatusResponseSchema = z
  .object({ data: twoFactorStatusSchema })
  .meta({ id: 'TwoFactorStatusResponse' });
