/**
 * The users module: users and their billing details (the `users` and `billing_details` tables),
 * their answers' shapes, and their profile pictures.
 */
export { AvatarStore } from './avatar-store';
export { BillingRepository } from './billing.repository';
export { toRegistrationUser, toUserData } from './user-answers';
export { UserRepository } from './user.repository';
