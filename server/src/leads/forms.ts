import { errorResponse } from '../http/schemas'

/**
 * The largest contact or waitlist submission accepted: room for the longest message (5000
 * characters, up to 4 bytes each in UTF-8) and the other fields, well under the app's 64 KiB.
 */
export const FORM_BODY_LIMIT = 32 * 1024

export const formBodyTooLargeResponse = errorResponse(`Request body too large (the limit is ${FORM_BODY_LIMIT / 1024} KiB)`)
