import { z } from 'zod';
import { formBooleanSchema, textField } from '../common/common.schemas';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  loginPasswordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password is too long',
  invalidCredentials: 'Invalid email or password',
  incompleteRegistration: 'Your registration is not complete. Please finish setting up your account.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  tooManyRequests: 'Too many requests from your network. Please try again later.',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  unauthenticated: 'Your session has ended. Please log in again.',
  forbidden: 'You do not have access to this page.',
} as const;

/** "Your account has been suspended. Contact {support e-mail}." (docs/product/accounts.md, Banned users). */
export const suspendedMessage = (supportEmail: string): string =>
  `Your account has been suspended. Contact ${supportEmail}.`;

/** E-mail as typed: required, a valid address, then lower-cased (docs/product/accounts.md, Login). */
export const emailSchema = textField(
  'Email',
  AUTH_MESSAGES.emailRequired,
  z
    .string()
    .trim()
    .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
    .max(254, { error: AUTH_MESSAGES.emailInvalid, abort: true })
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
    .transform((email) => email.toLowerCase()),
);

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    // Not trimmed: spaces are part of a password.
    password: textField(
      'Password',
      AUTH_MESSAGES.passwordRequired,
      z
        .string()
        .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
        .min(6, { error: AUTH_MESSAGES.loginPasswordTooShort, abort: true })
        // A cap well above any valid password, so a huge value is refused before it is hashed.
        .max(256, { error: AUTH_MESSAGES.passwordTooLong }),
    ),
    remember: formBooleanSchema.optional().default(false),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginValues = z.output<typeof loginRequestSchema>;

export const billingDetailSchema = z
  .object({
    address: z.string(),
    city: z.string(),
    country: z.string(),
    state: z.string(),
    postal_code: z.string(),
    type: z.enum(['individual', 'company']),
    business_name: z.string().nullable(),
    tax_id: z.string().nullable(),
    currency: z.string().nullable(),
    user_id: z.number().int(),
  })
  .meta({ id: 'BillingDetail' });
export type BillingDetail = z.infer<typeof billingDetailSchema>;

export const userDataSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role_id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    logo: z.string().nullable(),
    billing_detail: billingDetailSchema.nullable(),
  })
  .meta({ id: 'UserData' });
export type UserData = z.infer<typeof userDataSchema>;

/** What the server worked out about the device and place of a session (docs/product/accounts.md, Sessions). */
export const sessionInfoSchema = z
  .object({
    os: z.string(),
    browser: z.string(),
    ip: z.string(),
    city: z.string(),
    country: z.string(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const loginResponseSchema = z
  .object({
    message: z.string(),
    user_data: userDataSchema,
    is_first_login: z.boolean(),
    access_token: z.string(),
    expires_at: z.string(),
    session_info: sessionInfoSchema,
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registrationUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role_id: z.number().int(),
    profile_step: z.number().int().min(1).max(3),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    logo: z.string().nullable(),
  })
  .meta({ id: 'RegistrationUser' });
export type RegistrationUser = z.infer<typeof registrationUserSchema>;

/** The 403 answer to a login or register for an account whose sign-up is not finished. */
export const incompleteRegistrationResponseSchema = z
  .object({
    registration_status: z.literal('incomplete'),
    message: z.string(),
    user: registrationUserSchema,
  })
  .meta({ id: 'IncompleteRegistrationResponse' });
export type IncompleteRegistrationResponse = z.infer<typeof incompleteRegistrationResponseSchema>;

/** The 403 answer to a register for an e-mail whose account is already complete ("Already Registered"). */
export const alreadyRegisteredResponseSchema = z
  .object({
    registration_status: z.literal('complete'),
    message: z.string(),
  })
  .meta({ id: 'AlreadyRegisteredResponse' });
export type AlreadyRegisteredResponse = z.infer<typeof alreadyRegisteredResponseSchema>;
