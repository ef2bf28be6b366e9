import { monitorEventLoopDelay } from 'node:perf_hooks'
import {
  ConcurrencyLimiter,
  createPasswordHasher,
  parseHash,
  passwordProblem,
  PasswordHasherBusyError,
  PRODUCTION_SCRYPT,
} from '../../src/auth/password'
import { effectivePermissions, PERMISSIONS, ROLE_PERMISSIONS } from '../../src/auth/permissions'
import { hashSessionToken, isSessionTokenFormat, newSessionToken } from '../../src/auth/tokens'

const PRODUCTION_HASH = /^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/

describe('password hashing', () => {
  // One hasher at production cost for the whole file: each hash takes a few hundred ms.
  const production = createPasswordHasher()

  it('uses scrypt N=2^17, r=8, p=1 with a 16-byte salt and a 32-byte key, stored self-describing', async () => {
    expect(PRODUCTION_SCRYPT).toEqual({ logN: 17, r: 8, p: 1 })
    const stored = await production.hash('correct horse battery')
    expect(stored).toMatch(PRODUCTION_HASH)
    const parsed = parseHash(stored)
    expect(parsed?.params).toEqual({ logN: 17, r: 8, p: 1 })
    expect(parsed?.salt).toHaveLength(16)
    expect(parsed?.key).toHaveLength(32)
    expect(await production.verify('correct horse battery', stored)).toBe(true)
    expect(await production.verify('correct horse battery!', stored)).toBe(false)
  })

  it('salts every hash afresh', async () => {
    const fast = createPasswordHasher({ params: { logN: 10, r: 8, p: 1 } })
    const [a, b] = await Promise.all([fast.hash('same password'), fast.hash('same password')])
    expect(a).not.toBe(b)
  })

  it('verifies a hash by the parameters written in it, not the current ones', async () => {
    const older = await createPasswordHasher({ params: { logN: 10, r: 8, p: 1 } }).hash('kept password')
    expect(await production.verify('kept password', older)).toBe(true)
  })

  it('treats the same text in another Unicode normalisation as the same password', async () => {
    const fast = createPasswordHasher({ params: { logN: 10, r: 8, p: 1 } })
    const stored = await fast.hash('caf\u00e9-password')
    expect(await fast.verify('cafe\u0301-password', stored)).toBe(true)
  })

  it.each([
    ['not a hash', 'plain-text-password'],
    ['another algorithm', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$a2V5'],
    ['a cost beyond the bounds', '$scrypt$ln=30,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U'],
  ])('refuses %s without running it', async (_case, stored) => {
    expect(await production.verify('plain-text-password', stored)).toBe(false)
  })

  it('hashes off the event loop', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const started = performance.now()
    await production.hash('a password that takes a while')
    const elapsed = performance.now() - started
    delay.disable()
    // The loop kept turning while the hash took hundreds of milliseconds.
    expect(elapsed).toBeGreaterThan(50)
    expect(delay.max / 1e6).toBeLessThan(Math.max(50, elapsed / 2))
  })

  it('runs at most two hashes at a time and queues the rest', async () => {
    expect(production.limiter.concurrency).toBe(2)
    let peak = 0
    const sampler = setInterval(() => {
      peak = Math.max(peak, production.limiter.active)
    }, 5)
    const hashes = Promise.all(Array.from({ length: 4 }, (_, i) => production.hash(`password number ${i}`)))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(production.limiter.active).toBe(2)
    expect(production.limiter.queued).toBe(2)
    await hashes
    clearInterval(sampler)
    expect(peak).toBe(2)
    expect(production.limiter.active).toBe(0)
  })

  it('takes as long for an unknown user (dummy hash) as for a wrong password', async () => {
    const stored = await production.hash('the real password')
    const time = async (check: () => Promise<boolean>): Promise<number> => {
      const started = performance.now()
      expect(await check()).toBe(false)
      return performance.now() - started
    }
    const wrong = [] as number[]
    const dummy = [] as number[]
    // Five of each, alternating, and their medians: another test file may share the CPU meanwhile.
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await time(() => production.verify('a wrong password', stored)))
      dummy.push(await time(() => production.verifyDummy('a wrong password')))
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0
    const ratio = median(dummy) / median(wrong)
    expect(ratio).toBeGreaterThan(0.6)
    expect(ratio).toBeLessThan(1.6)
  })
})

describe('ConcurrencyLimiter', () => {
  it('refuses work beyond its queue instead of waiting forever', async () => {
    const limiter = new ConcurrencyLimiter(1, 1)
    let release = (): void => {}
    const running = limiter.run(() => new Promise<void>((resolve) => (release = resolve)))
    const queued = limiter.run(async () => 'queued')
    await expect(limiter.run(async () => 'refused')).rejects.toBeInstanceOf(PasswordHasherBusyError)
    release()
    await running
    expect(await queued).toBe('queued')
    expect(limiter.active).toBe(0)
  })

  it('frees its slot when a task fails', async () => {
    const limiter = new ConcurrencyLimiter(1, 5)
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await limiter.run(async () => 'next')).toBe('next')
  })
})

describe('password length', () => {
  it.each([
    ['', 'Password is required'],
    ['x'.repeat(7), 'Password must be at least 8 characters'],
    ['x'.repeat(8), undefined],
    ['x'.repeat(128), undefined],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
    ['🔑'.repeat(8), undefined],
  ])('%p → %p', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem)
  })
})

describe('session tokens', () => {
  it('are 256 random bits in base64url, stored as a SHA-256', () => {
    const token = newSessionToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(newSessionToken()).not.toBe(token)
    expect(isSessionTokenFormat(token)).toBe(true)
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashSessionToken(token)).not.toContain(token)
  })
})

describe('roles and permissions', () => {
  it('each role grants exactly its decided permissions', () => {
    expect(ROLE_PERMISSIONS).toEqual({
      admin: [...PERMISSIONS],
      operator: ['architect.access', 'architect.overseer', 'architect.logs', 'architect.approvals', 'architect.questions'],
      viewer: ['architect.access', 'architect.logs'],
    })
    expect(PERMISSIONS).toEqual([
      'architect.access',
      'architect.overseer',
      'architect.testing',
      'architect.logs',
      'architect.approvals',
      'architect.leads',
      'architect.questions',
    ])
  })

  it('are the union of the roles and the direct grants, once each', () => {
    expect(effectivePermissions(['viewer', 'operator'], ['architect.testing', 'architect.logs'])).toEqual([
      'architect.access',
      'architect.overseer',
      'architect.testing',
      'architect.logs',
      'architect.approvals',
      'architect.questions',
    ])
    expect(effectivePermissions([], [])).toEqual([])
  })
})
