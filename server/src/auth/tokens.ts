import { createHash, randomBytes } from 'node:crypto'

const TOKEN_BYTES = 32
/** 32 bytes in unpadded base64url. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/

/** A new session token: 256 random bits, base64url. */
export const newSessionToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url')

/** Whether a string could be a token this server issued (checked before any database work). */
export const isSessionTokenFormat = (value: string): boolean => TOKEN_FORMAT.test(value)

/** What the database keeps instead of the token: its SHA-256, hex. */
export const hashSessionToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')
