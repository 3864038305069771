import { PROFILE_PICTURE } from '../account/profile-picture';
import { ACCOUNT_MESSAGES } from '../account/account-settings.schemas';
import { messageResponseSchema } from '../common/common.schemas';
import { defineEndpoints } from '../common/endpoint';
import { alreadyRegisteredResponseSchema, incompleteRegistrationResponseSchema } from './auth.schemas';
import {
  newOtpRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  signupBillingRequestSchema,
  signupBillingResponseSchema,
  signupPersonalInfoRequestSchema,
  signupPersonalInfoResponseSchema,
  signupSessionResponseSchema,
  verifyOtpRequestSchema,
} from './signup.schemas';

/**
 * The sign-up steps (docs/product/accounts.md, Sign-up). After `register`, each step is open to
 * anyone but acts only for the browser holding the sign-up cookie that `register` set.
 */
export const signupEndpoints = defineEndpoints({
  register: {
    method: 'POST',
    path: '/register',
    access: 'public',
    tag: 'signup',
    summary: 'Create an account and e-mail its activation code',
    description:
      'Sets the sign-up cookie the later steps need. An unfinished account with the same password answers 403 `incomplete` (resume); a finished one 403 `complete`. At most 20 requests per address an hour; a resume guesses a password, so it shares the login limits.',
    body: registerRequestSchema,
    response: registerResponseSchema,
    otherResponses: { 403: incompleteRegistrationResponseSchema.or(alreadyRegisteredResponseSchema) },
    errors: [409, 422, 429],
  },
  getSignupSession: {
    method: 'GET',
    path: '/signup-session',
    access: 'public',
    tag: 'signup',
    summary: "Where this browser's unfinished sign-up stands (sign-up cookie)",
    description:
      'Lets a reload of the sign-up page resume at the right step. `user` is null when the browser has no live sign-up cookie or the account is already complete.',
    response: signupSessionResponseSchema,
    errors: [],
  },
  verifyOtp: {
    method: 'POST',
    path: '/verify-otp',
    access: 'public',
    tag: 'signup',
    summary: 'Check the activation code (sign-up cookie required)',
    body: verifyOtpRequestSchema,
    response: messageResponseSchema,
    errors: [403, 409, 422],
  },
  requestNewOtp: {
    method: 'POST',
    path: '/new-otp',
    access: 'public',
    tag: 'signup',
    summary: 'Send a new activation code, at most once a minute (sign-up cookie required)',
    body: newOtpRequestSchema,
    response: messageResponseSchema,
    errors: [403, 409, 422, 429],
  },
  savePersonalInfo: {
    method: 'POST',
    path: '/update-personal-info',
    access: 'public',
    tag: 'signup',
    summary: 'Save first and last name, and an optional photo (sign-up cookie required)',
    body: signupPersonalInfoRequestSchema,
    files: { logo: { maxBytes: PROFILE_PICTURE.maxBytes, required: false, message: ACCOUNT_MESSAGES.logoNotImage } },
    response: signupPersonalInfoResponseSchema,
    errors: [403, 413, 422],
  },
  saveBillingDetails: {
    method: 'POST',
    path: '/update-billing-details',
    access: 'public',
    tag: 'signup',
    summary: 'Save billing details, finish sign-up and sign in (sign-up cookie required)',
    body: signupBillingRequestSchema,
    response: signupBillingResponseSchema,
    errors: [403, 422],
  },
});
