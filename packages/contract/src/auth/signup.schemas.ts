import { z } from 'zod';
import { timeZoneSchema } from '../common/time-zone';
import { idSchema, textField } from '../common/common.schemas';
import { billingDetailsSchema } from '../account/billing.schemas';
import { personalNamesSchema } from '../account/profile.schemas';
import { emailSchema, loginResponseSchema, registrationUserSchema, billingDetailSchema } from './auth.schemas';
import { newPasswordSchema, passwordConfirmationSchema, withPasswordConfirmation } from './password.schemas';

export const SIGNUP_MESSAGES = {
  registered: 'We sent a 6-digit code to your e-mail address. Enter it to activate your account.',
  alreadyRegistered: 'This e-mail address is already registered. Please log in.',
  registeredElsewhere: 'This e-mail address is already registered. Log in with its password to finish signing up.',
  resume: 'Your registration is not complete. Please finish setting up your account.',
  signupSessionMissing: 'Your sign-up session has ended. Log in to continue setting up your account.',
  noSignupInProgress: 'No sign-up is in progress in this browser.',
  stepNotReady: 'Please complete the previous step first.',
  alreadyComplete: 'This account is already set up. Please log in.',
  codeRequired: 'The code is required',
  codeFormat: 'The code must be 6 digits',
  codeWrong: 'The code is incorrect',
  codeExpired: 'The code has expired. Ask for a new one.',
  codeUsedUp: 'Too many wrong codes. Ask for a new one.',
  codeMissing: 'There is no code to check. Ask for a new one.',
  codeVerified: 'Your e-mail address is verified.',
  codeSent: 'We sent a new code to your e-mail address.',
  codeCooldown: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`,
  personalInfoSaved: 'Your personal details are saved.',
  accountReady: 'Your account is ready.',
  userIdRequired: 'The user id is required',
  userIdInvalid: 'The user id must be a positive whole number',
} as const;

/** A six-digit one-time code as typed into the boxes. */
export const otpSchema = textField(
  'The code',
  SIGNUP_MESSAGES.codeRequired,
  z
    .string()
    .trim()
    .min(1, { error: SIGNUP_MESSAGES.codeRequired, abort: true })
    .regex(/^\d{6}$/, { error: SIGNUP_MESSAGES.codeFormat }),
);

/** `user_id` as multipart and url-encoded forms send it (a string of digits), or a JSON number. */
export const userIdSchema = idSchema(SIGNUP_MESSAGES.userIdInvalid, SIGNUP_MESSAGES.userIdRequired);

export const registerRequestSchema = withPasswordConfirmation(
  { email: emailSchema, password: newPasswordSchema(), password_confirmation: passwordConfirmationSchema },
  'password',
  'password_confirmation',
).meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z
  .object({ message: z.string(), user: registrationUserSchema })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * Where this browser's unfinished sign-up stands, so a reload of /signup resumes it; `user` is
 * null when there is none (an answer, not an error: most visits of /signup have none).
 */
export const signupSessionResponseSchema = z
  .object({ message: z.string(), user: registrationUserSchema.nullable() })
  .meta({ id: 'SignupSessionResponse' });
export type SignupSessionResponse = z.infer<typeof signupSessionResponseSchema>;

export const verifyOtpRequestSchema = z
  .object({ user_id: userIdSchema, otp: otpSchema })
  .meta({ id: 'VerifyOtpRequest' });
export const newOtpRequestSchema = z.object({ user_id: userIdSchema }).meta({ id: 'NewOtpRequest' });

/** Multipart: the fields below plus an optional `logo` image file. */
export const signupPersonalInfoRequestSchema = personalNamesSchema
  .extend({ user_id: userIdSchema })
  .meta({ id: 'SignupPersonalInfoRequest' });
export const signupPersonalInfoResponseSchema = z
  .object({ message: z.string(), user: registrationUserSchema })
  .meta({ id: 'SignupPersonalInfoResponse' });

export const signupBillingRequestSchema = z
  .intersection(
    billingDetailsSchema,
    // The browser's time zone becomes the new account's (docs/product/campaigns.md, Flight dates).
    z.object({ user_id: userIdSchema, time_zone: timeZoneSchema.optional() }),
  )
  .meta({ id: 'SignupBillingRequest' });

/** Saving billing finishes sign-up and signs the user in: a login answer plus the billing details. */
export const signupBillingResponseSchema = loginResponseSchema
  .extend({ billing_detail: billingDetailSchema })
  .meta({ id: 'SignupBillingResponse' });
export type SignupBillingResponse = z.infer<typeof signupBillingResponseSchema>;
