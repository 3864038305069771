// Kept apart from the sign-up schemas, which carry the billing reference data: the web's
// guards and header need only these numbers, on every page.

/**
 * Where an account's sign-up stands (docs/product/accounts.md, Sign-up); the API keeps it as
 * `registration_step` and answers it as `profile_step`, and the web's guards and sign-up page
 * follow it. Steps 1 to 3 are unfinished.
 */
export const SIGNUP_STEP = {
  accountCreated: 1,
  emailVerified: 2,
  personalInfoSaved: 3,
  complete: 4,
} as const;
export type SignupStep = (typeof SIGNUP_STEP)[keyof typeof SIGNUP_STEP];
