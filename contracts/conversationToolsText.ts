/**
 * The conversation tools' limits and texts, without schemas: what the SPA needs of them costs it
 * no schema builder (the schemas are in conversationTools.ts).
 */

/** A title the owner gives, counted after trimming. */
export const CONVERSATION_TITLE_MAX_LENGTH = 200
/** How long a deleted conversation can be restored; the assistant offers Undo for a few seconds of it. */
export const UNDO_WINDOW_SECONDS = 30
/** Writes (rename, delete, restore, share, revoke) one owner may make per minute, each route counted apart. */
export const CONVERSATION_WRITES_PER_MINUTE = 30
/** Where a share link points on the site: `/share/{token}`. */
export const SHARE_PATH = '/share/'
/** Where a shared build's archive is downloaded: under the link's token, so it stops working with the link. */
export const sharedArchiveUrl = (token: string, buildId: string): string => `/api/overseer-dev/shared/${token}/builds/${buildId}/archive`
/** What the shared snapshot's API answers and its page's HTML carry: search engines keep neither. */
export const SHARE_ROBOTS = 'noindex, nofollow'
/** A file of a shared build larger than this is not shown by its share link (the archive has it). */
export const SHARED_FILE_MAX_BYTES = 512 * 1024
/** Reads of a shared build's files, and downloads of its archive, per client IP per minute. */
export const SHARED_FILE_READS_PER_MINUTE = 120
export const SHARED_DOWNLOADS_PER_MINUTE = 30
export const EXPORT_FORMATS = ['md', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const TOOLS_MESSAGES = {
  titleBlank: 'Title cannot be empty',
  titleTooLong: `Title is too long: at most ${CONVERSATION_TITLE_MAX_LENGTH} characters`,
  notRestorable: 'This conversation can no longer be restored',
  notShared: 'This conversation has no share link',
  shareNotFound: 'This shared conversation does not exist or is no longer shared',
  sharedBuildNotFound: 'This project is not part of the shared conversation',
  sharedFileNotFound: 'This file is not part of the shared project',
  sharedFileTooLarge: `This file is too large to show here (over ${SHARED_FILE_MAX_BYTES / 1024} KiB): download the project instead`,
} as const
