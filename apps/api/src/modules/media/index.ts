/** The media module: campaign files (the `media_files` table) and their stored objects. */
export { MediaRepository } from './media.repository';
export type { MediaService } from './media.service';
