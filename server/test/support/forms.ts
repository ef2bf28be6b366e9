import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { migrate, type Database } from '../../src/db'
import { buildTestApp, type DatabaseUnderTest, SETUP_TIMEOUT_MS } from '../helper'

/** One public form's endpoint on a fresh app, and the table it writes to. */
export interface FormUnderTest<Row = unknown> {
  readonly url: string
  readonly app: FastifyInstance
  readonly db: Database
  /** Posts `payload` as JSON from `remoteAddress`. */
  post: (payload: unknown, remoteAddress?: string) => Promise<LightMyRequestResponse>
  /** Every row of the form's table (the columns asked for), oldest first. */
  rows: () => Promise<Row[]>
  /** Replaces the app with one built on these settings (closed after the test as usual). */
  rebuild: (overrides: Parameters<typeof buildTestApp>[1]) => Promise<void>
}

/**
 * Opens and migrates a database for the enclosing describe, and gives each test an emptied table
 * and a fresh app: a fresh app resets the in-memory rate limit.
 */
export const useForm = <Row extends object = Record<string, unknown>>(
  open: DatabaseUnderTest['open'],
  url: string,
  table: string,
  columns = '*',
): FormUnderTest<Row> => {
  let db: Database | undefined
  let app: FastifyInstance | undefined
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the form is used outside a test')
    return value
  }

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db?.close()
  })

  beforeEach(async () => {
    await ready(db).query(`delete from ${table}`)
    app = await buildTestApp(ready(db))
  }, SETUP_TIMEOUT_MS)

  afterEach(async () => {
    await app?.close()
  })

  return {
    url,
    get app() {
      return ready(app)
    },
    get db() {
      return ready(db)
    },
    post: (payload, remoteAddress = '203.0.113.1') =>
      ready(app).inject({ method: 'POST', url, payload: payload as object, remoteAddress }),
    rows: async () => (await ready(db).query<Row>(`select ${columns} from ${table} order by id`)).rows,
    rebuild: async (overrides) => {
      await ready(app).close()
      app = await buildTestApp(ready(db), overrides)
    },
  }
}

const TOO_MANY = expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/)

/** The cases every public form shares: the answers differ, the behaviour does not. */
export const itBehavesLikeAPublicForm = (
  form: FormUnderTest,
  spec: {
    /** The status and body of an accepted submission. */
    accepted: { status: number; body: unknown }
    /** The `n`th distinct valid submission (n from 0). */
    valid: (n: number) => Record<string, unknown>
    /** Each refused value: the field, the change to a valid submission, the field's message. */
    badFields: [field: string, change: Record<string, unknown>, message: string][]
    /** The errors for an empty submission, in the order the form names them. */
    missing: Record<string, string>
    /** A field that must be text, and the body's size limit in KiB with a field to overfill. */
    textField: string
    bodyLimit: { kib: number; field: string }
  },
) => {
  const { accepted, valid } = spec

  it.each(spec.badFields)('answers 400 for a bad %s: %j', async (field, change, message) => {
    const response = await form.post({ ...valid(0), ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, message, errors: { [field]: message } })
    expect(await form.rows()).toEqual([])
  })

  it('names every missing field, the first as the message', async () => {
    const response = await form.post({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, message: Object.values(spec.missing)[0], errors: spec.missing })
  })

  it('answers a filled-in honeypot like a success and stores nothing', async () => {
    const response = await form.post({ ...valid(0), website: 'https://spam.example' })
    expect(response.statusCode).toBe(accepted.status)
    expect(response.json()).toEqual(accepted.body)
    expect(await form.rows()).toEqual([])
  })

  it('answers 400 with a field error when a field is not text', async () => {
    const response = await form.post({ ...valid(0), [spec.textField]: { $ne: '' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, message: 'Invalid request', errors: { [spec.textField]: expect.any(String) } })
  })

  it('answers 400, not 500, to a request without a body', async () => {
    const response = await form.app.inject({ method: 'POST', url: form.url })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false })
  })

  it('answers 400, not 500, to malformed JSON', async () => {
    const response = await form.app.inject({
      method: 'POST',
      url: form.url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(valid(0)).slice(0, -1),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) })
  })

  it(`answers 413 to a body over ${spec.bodyLimit.kib} KiB`, async () => {
    const response = await form.post({ ...valid(0), [spec.bodyLimit.field]: 'x'.repeat((spec.bodyLimit.kib + 1) * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ success: false, message: `Request body is too large (the limit is ${spec.bodyLimit.kib} KiB)` })
    expect(await form.rows()).toEqual([])
  })

  it('limits each IP to 5 submissions a minute, with a clear message', async () => {
    for (let n = 0; n < 5; n += 1) expect((await form.post(valid(n))).statusCode).toBe(accepted.status)
    const limited = await form.post(valid(5))
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toEqual({ success: false, message: TOO_MANY })
    expect(await form.rows()).toHaveLength(5)

    expect((await form.post(valid(6), '203.0.113.2')).statusCode).toBe(accepted.status)
  })
}
