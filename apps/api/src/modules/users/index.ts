/**
 * The users module: users (the `users` table), their answers' shapes, and their profile pictures.
 */
export { AvatarStore } from './avatar-store';
export { toRegistrationUser, toUserData } from './user-answers';
export { UserRepository } from './user.repository';
