import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const

/** Length in characters (code points), so an emoji counts once. */
export const passwordLength = (password: string): number => [...password].length

/** The message for a password that cannot be set, or undefined when it is acceptable. */
export const passwordProblem = (password: string): string | undefined => {
  if (password === '') return PASSWORD_MESSAGES.required
  const length = passwordLength(password)
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong
  return undefined
}

export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  logN: number
  r: number
  p: number
}

/** N=2^17, r=8, p=1: OWASP's scrypt recommendation, about 128 MiB and a few hundred ms per hash. */
export const PRODUCTION_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 }

const SALT_BYTES = 16
const KEY_BYTES = 32
/** Stored hashes outside these bounds are refused rather than run (a corrupt or hostile row). */
const LIMITS = { logN: [10, 20], r: [1, 32], p: [1, 16] } as const

/** Node's default maxmem (32 MiB) is too small for N=2^17; scrypt needs about 128·N·r bytes. */
const scryptOptions = ({ logN, r, p }: ScryptParams): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  maxmem: 2 * 128 * 2 ** logN * r + 1024 * 1024,
})

const b64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '')

/** `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (PHC string format, unpadded base64). */
export const formatHash = (params: ScryptParams, salt: Buffer, key: Buffer): string =>
  `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

export interface ParsedHash {
  params: ScryptParams
  salt: Buffer
  key: Buffer
}

const within = (value: number, [min, max]: readonly [number, number]): boolean => value >= min && value <= max

/** Reads a stored hash; undefined when it is not one this module wrote (or its cost is out of bounds). */
export const parseHash = (stored: string): ParsedHash | undefined => {
  const match = PHC.exec(stored)
  if (!match) return undefined
  const [, logN, r, p, salt = '', key = ''] = match
  const params = { logN: Number(logN), r: Number(r), p: Number(p) }
  if (!within(params.logN, LIMITS.logN) || !within(params.r, LIMITS.r) || !within(params.p, LIMITS.p)) return undefined
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') }
}

/** Thrown when too many hashes wait for a turn; the caller answers 503 instead of queueing forever. */
export class PasswordHasherBusyError extends Error {
  override name = 'PasswordHasherBusyError'
}

/** Runs at most `concurrency` tasks at once; the rest wait in order, up to `maxWaiting`. */
export class ConcurrencyLimiter {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get active(): number {
    return this.running
  }

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new PasswordHasherBusyError('Too many password checks are waiting')
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running += 1
    }
    try {
      return await task()
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.waiting.shift()
      if (next) next()
      else this.running -= 1
    }
  }
}

export interface PasswordHasher {
  readonly params: ScryptParams
  readonly limiter: ConcurrencyLimiter
  /** A new random salt each time; the result names its own parameters. */
  hash(password: string): Promise<string>
  /** True when `password` matches `stored`, whatever parameters `stored` was made with. */
  verify(password: string, stored: string): Promise<boolean>
  /**
   * Takes as long as a failed verification against a real hash and returns false, so an unknown
   * e-mail cannot be told from a wrong password by the response time.
   */
  verifyDummy(password: string): Promise<false>
}

export interface PasswordHasherOptions {
  params?: ScryptParams
  /** Hashes running at once; each uses about 128 MiB at production cost (default 2). */
  concurrency?: number
  /** Hashes allowed to wait for a turn before `PasswordHasherBusyError` (default 64). */
  maxWaiting?: number
}

const derive = (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // The async form runs on libuv's thread pool, off the event loop.
    scryptCallback(password.normalize('NFC'), salt, KEY_BYTES, scryptOptions(params), (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })

export const createPasswordHasher = ({
  params = PRODUCTION_SCRYPT,
  concurrency = 2,
  maxWaiting = 64,
}: PasswordHasherOptions = {}): PasswordHasher => {
  const limiter = new ConcurrencyLimiter(concurrency, maxWaiting)
  const dummy = { salt: randomBytes(SALT_BYTES), key: randomBytes(KEY_BYTES) }

  const matches = async (password: string, parsed: ParsedHash): Promise<boolean> => {
    const key = await limiter.run(() => derive(password, parsed.salt, parsed.params))
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
  }

  return {
    params,
    limiter,
    hash: async (password) => {
      const salt = randomBytes(SALT_BYTES)
      return formatHash(params, salt, await limiter.run(() => derive(password, salt, params)))
    },
    verify: async (password, stored) => {
      const parsed = parseHash(stored)
      return parsed ? matches(password, parsed) : false
    },
    verifyDummy: async (password) => {
      await matches(password, { params, ...dummy })
      return false
    },
  }
}
