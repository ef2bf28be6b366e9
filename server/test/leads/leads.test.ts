import type { FastifyInstance } from 'fastify'
import { UserService } from '../../src/auth/userService'
import { migrate, type Database } from '../../src/db'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'

const ADMIN = { email: 'admin@example.com', password: 'admin-password', roles: ['admin'] }
const OPERATOR = { email: 'operator@example.com', password: 'operator-password', roles: ['operator'] }

const NOT_SIGNED_IN = { success: false, message: 'Not signed in' }
const FORBIDDEN = { success: false, message: 'You do not have permission to do this.' }

interface Page {
  success: boolean
  data: Array<Record<string, unknown>>
  pagination: { page: number; pages: number; total: number; limit: number }
}

/** Days before 2025-06-01, so the rows have a known order. */
const at = (day: number) => new Date(Date.UTC(2025, 5, day, 12)).toISOString()

describe.each(databasesUnderTest())('staff leads API on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let adminToken: string
  let operatorToken: string

  const signIn = async (member: { email: string; password: string }): Promise<string> => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: member })
    expect(response.statusCode).toBe(200)
    return response.json<{ data: { token: string } }>().data.token
  }

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })

  const list = async (query: string): Promise<Page> => {
    const response = await get(`/api/architect/leads?${query}`, adminToken)
    expect(response.statusCode).toBe(200)
    return response.json<Page>()
  }

  const names = (page: Page) => page.data.map((lead) => lead.name ?? lead.email)

  beforeAll(async () => {
    db = await open()
    await migrate(db)
    const users = new UserService(db, fastPasswords())
    await users.create(ADMIN)
    await users.create(OPERATOR)

    const signups: Array<[string, string, string, string, string | null, string | null, number]> = [
      ['Ada Lovelace', 'ada@example.com', 'Analytical Engines', 'architect', 'conference', 'team', 1],
      ['Grace Hopper', 'grace@navy.example', 'Compiler Co', 'cto', null, null, 3],
      ['Alan Turing', 'alan@example.org', 'Bletchley Labs', 'developer', 'search', 'developer', 2],
      ['=HYPERLINK("http://evil.example")', 'mallory@evil.example', 'Evil, "Inc"\nSecond line', 'other', null, null, 4],
      ['Percent Person', 'percent@example.com', '100% Agents', 'developer', null, null, 5],
    ]
    for (const [name, email, company, role, source, plan, day] of signups) {
      await db.query(
        `insert into waitlist_signups (name, email, company, role, use_case, source, plan, consented_at, created_at)
         values ($1, $2, $3, $4, '', $5, $6, $7, $7)`,
        [name, email, company, role, source, plan, at(day)],
      )
    }
    await db.query(
      `insert into contact_messages (name, email, company, subject, message, product, created_at) values
       ('Katherine Johnson', 'katherine@example.com', 'Orbital', 'demo', 'Please show us the platform.', 'enterprise', $1),
       ('Dorothy Vaughan', 'dorothy@example.com', '', 'technical', '+1 for the new logs page', null, $2)`,
      [at(1), at(2)],
    )
    await db.query(
      `insert into newsletter_subscriptions (email, created_at) values ('reader1@example.com', $1), ('reader2@example.org', $2)`,
      [at(1), at(2)],
    )

    app = await buildTestApp(db)
    adminToken = await signIn(ADMIN)
    operatorToken = await signIn(OPERATOR)
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  describe('GET /api/architect/leads', () => {
    it('answers 401 without a session and 403 without architect.leads', async () => {
      const anonymous = await get('/api/architect/leads?kind=waitlist')
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json()).toEqual(NOT_SIGNED_IN)
      const operator = await get('/api/architect/leads?kind=waitlist', operatorToken)
      expect(operator.statusCode).toBe(403)
      expect(operator.json()).toEqual(FORBIDDEN)
    })

    it('lists waitlist signups newest first with every field, 20 a page by default', async () => {
      const page = await list('kind=waitlist')
      expect(page.success).toBe(true)
      expect(page.pagination).toEqual({ page: 1, pages: 1, total: 5, limit: 20 })
      expect(names(page)).toEqual(['Percent Person', '=HYPERLINK("http://evil.example")', 'Grace Hopper', 'Alan Turing', 'Ada Lovelace'])
      expect(page.data.at(-1)).toEqual({
        id: expect.any(Number),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines',
        role: 'architect',
        useCase: '',
        source: 'conference',
        plan: 'team',
        product: null,
        consentedAt: at(1),
        createdAt: at(1),
      })
    })

    it('pages through the entries', async () => {
      const second = await list('kind=waitlist&limit=2&page=2')
      expect(second.pagination).toEqual({ page: 2, pages: 3, total: 5, limit: 2 })
      expect(names(second)).toEqual(['Grace Hopper', 'Alan Turing'])
      const beyond = await list('kind=waitlist&limit=2&page=9')
      expect(beyond.data).toEqual([])
      expect(beyond.pagination).toEqual({ page: 9, pages: 3, total: 5, limit: 2 })
    })

    it('searches name, e-mail and company, ignoring case', async () => {
      expect(names(await list('kind=waitlist&search=GRACE'))).toEqual(['Grace Hopper'])
      expect(names(await list('kind=waitlist&search=example.org'))).toEqual(['Alan Turing'])
      expect(names(await list('kind=waitlist&search=bletchley'))).toEqual(['Alan Turing'])
      const none = await list('kind=waitlist&search=nobody')
      expect(none).toEqual({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 20 } })
    })

    it('takes % and _ in a search literally', async () => {
      expect(names(await list(`kind=waitlist&search=${encodeURIComponent('100%')}`))).toEqual(['Percent Person'])
      expect(names(await list('kind=waitlist&search=_'))).toEqual([])
    })

    it('lists contact messages and newsletter subscriptions', async () => {
      const contact = await list('kind=contact')
      expect(contact.data).toEqual([
        {
          id: expect.any(Number),
          name: 'Dorothy Vaughan',
          email: 'dorothy@example.com',
          company: '',
          subject: 'technical',
          message: '+1 for the new logs page',
          product: null,
          createdAt: at(2),
        },
        expect.objectContaining({ name: 'Katherine Johnson', subject: 'demo', product: 'enterprise' }),
      ])
      const newsletter = await list('kind=newsletter&search=.org')
      expect(newsletter.data).toEqual([{ id: expect.any(Number), email: 'reader2@example.org', createdAt: at(2) }])
    })

    it.each([
      ['no kind', '', 'kind'],
      ['an unknown kind', 'kind=customers', 'kind'],
      ['page 0', 'kind=waitlist&page=0', 'page'],
      ['a page size over 100', 'kind=waitlist&limit=101', 'limit'],
    ])('answers 400 to %s', async (_case, query, field) => {
      const response = await get(`/api/architect/leads?${query}`, adminToken)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, errors: { [field]: expect.any(String) } })
    })

    it('is not cached', async () => {
      const response = await get('/api/architect/leads?kind=newsletter', adminToken)
      expect(response.headers['cache-control']).toBe('no-store')
    })
  })

  describe('GET /api/architect/leads/export.csv', () => {
    const csvLines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n')

    it('answers 401 without a session and 403 without architect.leads', async () => {
      expect((await get('/api/architect/leads/export.csv?kind=waitlist')).statusCode).toBe(401)
      const operator = await get('/api/architect/leads/export.csv?kind=waitlist', operatorToken)
      expect(operator.statusCode).toBe(403)
      expect(operator.json()).toEqual(FORBIDDEN)
    })

    it('downloads every match as a UTF-8 CSV attachment', async () => {
      const response = await get('/api/architect/leads/export.csv?kind=waitlist', adminToken)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="overseer-waitlist-\d{4}-\d{2}-\d{2}\.csv"$/)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.body.startsWith('\uFEFF')).toBe(true)
      const lines = csvLines(response.body)
      expect(lines[0]).toBe('Signed up,Name,Email,Company or project,Role,Use case,Heard about us via,Plan,Product,Consented')
      expect(lines.at(-1)).toBe('')
      expect(lines).toContain(
        `${at(1)},Ada Lovelace,ada@example.com,Analytical Engines,Software Architect,,Conference or event,Team plan,,${at(1)}`,
      )
    })

    it('quotes commas, quotes and line breaks, and neutralises formulas', async () => {
      const response = await get('/api/architect/leads/export.csv?kind=waitlist&search=mallory', adminToken)
      expect(csvLines(response.body)).toEqual([
        'Signed up,Name,Email,Company or project,Role,Use case,Heard about us via,Plan,Product,Consented',
        `${at(4)},"'=HYPERLINK(""http://evil.example"")",mallory@evil.example,"Evil, ""Inc""\nSecond line",Other,,,,,${at(4)}`,
        '',
      ])
    })

    it('exports contact messages and newsletter subscriptions with their own columns', async () => {
      const contact = csvLines((await get('/api/architect/leads/export.csv?kind=contact', adminToken)).body)
      expect(contact).toEqual([
        'Received,Name,Email,Company,Subject,Product,Message',
        `${at(2)},Dorothy Vaughan,dorothy@example.com,,Technical support,,'+1 for the new logs page`,
        `${at(1)},Katherine Johnson,katherine@example.com,Orbital,Request a demo,Intelligence Platform Enterprise,Please show us the platform.`,
        '',
      ])
      const newsletter = csvLines((await get('/api/architect/leads/export.csv?kind=newsletter', adminToken)).body)
      expect(newsletter).toEqual(['Subscribed,Email', `${at(2)},reader2@example.org`, `${at(1)},reader1@example.com`, ''])
    })

    it('answers 400 to an unknown kind', async () => {
      const response = await get('/api/architect/leads/export.csv?kind=everything', adminToken)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, errors: { kind: expect.any(String) } })
    })
  })
})
