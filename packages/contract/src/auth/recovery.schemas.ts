import { z } from 'zod';
import { emailSchema } from './auth.schemas';
import { newPasswordSchema, passwordConfirmationSchema, withPasswordConfirmation } from './password.schemas';

export const RECOVERY_MESSAGES = {
  linkSent: 'If an account exists for this e-mail address, we sent it a link to set a new password.',
  linkInvalid: 'This link is invalid or has expired. Ask for a new one from the login page.',
  linkValid: 'The link is valid.',
  passwordReset: 'Your password has been updated. Log in with your new password.',
} as const;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema }).meta({ id: 'ForgotPasswordRequest' });

export const resetPasswordRequestSchema = withPasswordConfirmation(
  { password: newPasswordSchema(), password_confirmation: passwordConfirmationSchema },
  'password',
  'password_confirmation',
).meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
