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
/** What the shared snapshot's API answers and its page's HTML carry: search engines keep neither. */
export const SHARE_ROBOTS = 'noindex, nofollow'
export const EXPORT_FORMATS = ['md', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const TOOLS_MESSAGES = {
  titleBlank: 'Title cannot be empty',
  titleTooLong: `Title is too long: at most ${CONVERSATION_TITLE_MAX_LENGTH} characters`,
  notRestorable: 'This conversation can no longer be restored',
  notShared: 'This conversation has no share link',
  shareNotFound: 'This shared conversation does not exist or is no longer shared',
} as const
