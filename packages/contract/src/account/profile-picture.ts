/**
 * Profile pictures (docs/product/accounts.md, My account): the types and size both sides check.
 * The web checks a chosen file to save a trip; the API decides by the file's bytes.
 */
export const PROFILE_PICTURE = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  /** The storage folder they live in, and the path part of their public address. */
  folder: 'avatars',
} as const;

export type ProfilePictureType = (typeof PROFILE_PICTURE.types)[number];

export const isProfilePictureType = (type: string): type is ProfilePictureType =>
  (PROFILE_PICTURE.types as readonly string[]).includes(type);
