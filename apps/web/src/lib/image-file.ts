import { ACCOUNT_MESSAGES, isProfilePictureType, PROFILE_PICTURE } from '@portal/contract';

/** The file picker's filter: the profile-picture types of the contract. */
export const PHOTO_ACCEPT = PROFILE_PICTURE.types.join(',');

/**
 * The contract's message for a photo that cannot be sent, or null when it may go. The server
 * decides by the file's bytes; this only saves a trip.
 */
export function photoProblem(file: File): string | null {
  if (!isProfilePictureType(file.type)) return ACCOUNT_MESSAGES.logoNotImage;
  if (file.size > PROFILE_PICTURE.maxBytes) return ACCOUNT_MESSAGES.logoTooLarge;
  return null;
}
