import { TEXT_MESSAGES } from '@contracts/text'
import { COMMAND_MESSAGES } from '../../src/architect/commands'
import { UserService } from '../../src/auth/userService'
import { COMMANDS_PER_MINUTE } from '../../src/routes/api/architect/commands'
import { databasesUnderTest, fastPasswords, useTestApp } from '../helper'
import type { Headers } from '../support/chat'
import { signIn as signInAs } from '../support/auth'

const URL = '/api/architect/commands'

interface CommandBody {
  id: number
  command: string
  createdAt: string
  author: string
}

describe.each(databasesUnderTest())('Overseer commands on $name', ({ open }) => {
  const fixture = useTestApp({ open })
  let operator: Headers
  let admin: Headers

  beforeAll(async () => {
    const users = new UserService(fixture.db, fastPasswords())
    await users.create({ email: 'operator@example.com', password: 'operator-password', roles: ['operator'] })
    await users.create({ email: 'admin@example.com', password: 'admin-password', roles: ['admin'] })
    await users.create({ email: 'busy@example.com', password: 'busy-password', roles: ['operator'] })
    operator = await signIn('operator@example.com', 'operator-password')
    admin = await signIn('admin@example.com', 'admin-password')
  })

  const signIn = (email: string, password: string) => signInAs(fixture.app, email, password)

  const send = (payload: unknown, headers: Headers = operator) => fixture.app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> })

  const listOf = async (headers: Headers): Promise<CommandBody[]> => {
    const response = await fixture.app.inject({ method: 'GET', url: URL, headers })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    return response.json<{ success: true; data: CommandBody[] }>().data
  }

  const logsWith = async (text: string) => {
    const { rows } = await fixture.db.query<{ level: string; module: string; message: string; build_id: string | null }>(
      'select level, module, message, build_id from agent_logs where strpos(message, $1) > 0 order by id',
      [text],
    )
    return rows
  }

  it('records a trimmed command, answers 201 with it, and logs who sent it at the OWNER level', async () => {
    const before = Date.now()
    const response = await send({ command: '   Pause the DevLoop Matrix after the current iteration  ' })
    expect(response.statusCode).toBe(201)
    const body = response.json<{ success: boolean; data: CommandBody }>()
    expect(body).toEqual({
      success: true,
      data: { id: expect.any(Number) as number, command: 'Pause the DevLoop Matrix after the current iteration', createdAt: expect.any(String) as string, author: 'operator@example.com' },
    })
    expect(Date.parse(body.data.createdAt)).toBeGreaterThanOrEqual(before - 1000)

    expect(await logsWith('Pause the DevLoop Matrix')).toEqual([
      { level: 'OWNER', module: 'overseer-core', message: 'Command from operator@example.com: Pause the DevLoop Matrix after the current iteration', build_id: null },
    ])
    // The Logs page shows it as Overseer Core's entry.
    const logs = await fixture.app.inject({ method: 'GET', url: '/api/architect/logs?level=OWNER&search=pause%20the%20devloop', headers: operator })
    expect(logs.json<{ data: { source: string; message: string }[] }>().data).toEqual([
      expect.objectContaining({ source: 'Overseer Core', message: 'Command from operator@example.com: Pause the DevLoop Matrix after the current iteration' }),
    ])
  })

  it('keeps a command of 2,000 characters whole, in the list and in the log', async () => {
    const command = `Plan ${'x'.repeat(1995)}`
    const response = await send({ command }, admin)
    expect(response.statusCode).toBe(201)
    expect(response.json<{ data: CommandBody }>().data.command).toBe(command)
    expect((await logsWith(command)).map((row) => row.message)).toEqual([`Command from admin@example.com: ${command}`])
  })

  it('refuses an empty, blank, missing or too long command with a field error, and stores nothing', async () => {
    const count = async () => (await fixture.db.query<{ n: number }>('select count(*)::int as n from architect_commands')).rows[0]?.n
    const stored = await count()
    for (const payload of [{ command: '' }, { command: '   \n\t ' }, {}]) {
      const response = await send(payload)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ success: false, message: COMMAND_MESSAGES.required, errors: { command: COMMAND_MESSAGES.required } })
    }
    const tooLong = await send({ command: 'y'.repeat(2001) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toEqual({ success: false, message: COMMAND_MESSAGES.tooLong, errors: { command: COMMAND_MESSAGES.tooLong } })
    expect((await send({ command: ['a', 'b'] })).statusCode).toBe(400)
    const nul = await send({ command: 'run\u0000' })
    expect(nul.statusCode).toBe(400)
    expect(nul.json()).toEqual({ success: false, message: TEXT_MESSAGES.unstorable, errors: { command: TEXT_MESSAGES.unstorable } })
    expect(await count()).toBe(stored)
    expect(await logsWith('y'.repeat(2001))).toEqual([])
  })

  it("lists only the signed-in user's own commands, newest first, at most 20", async () => {
    for (let i = 1; i <= 22; i += 1) expect((await send({ command: `Admin command ${i}` }, admin)).statusCode).toBe(201)
    const mine = await listOf(admin)
    expect(mine).toHaveLength(20)
    expect(mine.map((entry) => entry.command)).toEqual(Array.from({ length: 20 }, (_, index) => `Admin command ${22 - index}`))
    expect(mine.every((entry) => entry.author === 'admin@example.com')).toBe(true)

    const theirs = await listOf(operator)
    expect(theirs.map((entry) => entry.command)).toEqual(['Pause the DevLoop Matrix after the current iteration'])
    expect(theirs[0]?.author).toBe('operator@example.com')
  })

  it(`allows ${COMMANDS_PER_MINUTE} commands a minute per user, then answers 429, without slowing others down`, async () => {
    const busy = await signIn('busy@example.com', 'busy-password')
    for (let i = 0; i < COMMANDS_PER_MINUTE; i += 1) expect((await send({ command: `Status report ${i}` }, busy)).statusCode).toBe(201)
    const limited = await send({ command: 'One too many' }, busy)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests/)
    expect(await logsWith('One too many')).toEqual([])
    // Another user, from the same address, is counted on their own.
    expect((await send({ command: 'Still allowed' }, operator)).statusCode).toBe(201)
  })

  it('refuses a session cookie sent from another site (CSRF), and takes it from this one', async () => {
    const token = operator.authorization?.replace('Bearer ', '') as string
    const crossSite = await send({ command: 'From elsewhere' }, { cookie: `overseer_session=${token}`, origin: 'https://evil.example' })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json()).toEqual({ success: false, message: 'Cross-site request refused' })
    expect(await logsWith('From elsewhere')).toEqual([])
    expect((await send({ command: 'From here' }, { cookie: `overseer_session=${token}` })).statusCode).toBe(201)
  })
})
