/** The media module: campaign files (the `media_files` table) and their stored objects. */
export { MediaRepository } from './media.repository';
export type { MediaService } from './media.service';
/** Campaign answers carry each file's metadata, and the checks before review read it (docs/product/campaigns.md). */
export { toMediaMetadata } from './media-metadata';
