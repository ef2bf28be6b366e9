/** The chat's fixed texts (spec sections 2 and 8). */
export const CHAT_TEXTS = {
  errorTurn: '[Error from Overseer backend]',
  noResponse: '[No response]',
  backendError: (status?: number | string) => (status === undefined || status === '' ? 'Backend error' : `Backend error: ${status}`),
  notJson: (type: string) => `Invalid response format: Expected JSON but got ${type}`,
  filesSaved: 'Your project files have been saved to the server downloads directory.',
  historyFailed: 'Failed to load chat history',
  invalidFormat: 'Invalid response format',
} as const

/** How long the chat's success toast stays (spec section 9). */
export const CHAT_TOAST_MS = 6000
/** History is refreshed this long after a send (spec section 9). */
export const HISTORY_REFRESH_DELAY_MS = 1000
/** Conversations per history page (spec section 9). */
export const HISTORY_PAGE_SIZE = 5
/** The history preview of a response, in characters (spec section 9). */
export const PREVIEW_LENGTH = 100
/** The server's limit for one message. */
export const MAX_MESSAGE_LENGTH = 16_000
/** The server's limit for one answer to a build's question. */
export const MAX_ANSWER_LENGTH = 500
/** The server's limit of messages in one request. */
export const MAX_MESSAGES = 100
