/**
 * Answers of the signed upload and view URLs of the embedded storage. The front end shows them
 * when an upload fails; with S3 the bucket answers instead, in its own words.
 */
export const STORAGE_MESSAGES = {
  uploaded: 'The file was uploaded',
  linkInvalid: 'This link is not valid',
  linkExpired: 'This link has expired. Please start again.',
  wrongType: (contentType: string) => `This upload must be sent as ${contentType}`,
  tooLarge: 'The file is larger than this upload allows',
  wrongSize: 'The file is not the size this upload was prepared for',
  alreadyUploaded: 'This upload has already been used. Please start again.',
  incomplete: 'The upload did not finish. Please try again.',
  notFound: 'No such file',
  rangeNotSatisfiable: 'The requested part of the file is outside it',
} as const;
