import { executeUserCommand, parseUserCommand } from '../../src/auth/userCommands'
import { UserCommandError, UserService } from '../../src/auth/userService'
import { createSessionRepository } from '../../src/auth/sessionRepository'
import { migrate, type Database } from '../../src/db'
import { databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'

const refusal = (code: string, message: string | RegExp) =>
  expect.objectContaining({ name: 'UserCommandError', code, message: expect.stringMatching(message) })

describe.each(databasesUnderTest())('the user service on $name', ({ open }) => {
  let db: Database
  let users: UserService

  beforeAll(async () => {
    db = await open()
    await migrate(db)
    users = new UserService(db, fastPasswords())
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  beforeEach(async () => {
    await db.query('delete from users')
  })

  it('creates a user with a normalised e-mail, roles and extra permissions', async () => {
    const user = await users.create({
      email: ' Grace@Example.COM ',
      password: 'a long password',
      roles: ['viewer'],
      permissions: ['architect.testing'],
    })
    expect(user).toEqual({
      id: expect.any(Number),
      email: 'grace@example.com',
      roles: ['viewer'],
      permissions: ['architect.access', 'architect.testing', 'architect.logs'],
      extraPermissions: ['architect.testing'],
      disabled: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const { rows } = await db.query<{ password_hash: string }>('select password_hash from users')
    expect(rows[0]?.password_hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/)
  })

  it('creates a user with no role at all (signs in, reaches nothing)', async () => {
    expect(await users.create({ email: 'plain@example.com', password: 'a long password' })).toMatchObject({ roles: [], permissions: [] })
  })

  it.each([
    ['a duplicate e-mail (any case)', { email: 'ADA@example.com' }, 'email_taken', 'A user with the e-mail ada@example.com already exists'],
    ['an unknown role', { roles: ['superuser'] }, 'invalid', /^Unknown role "superuser"\. Roles: admin, operator, viewer$/],
    ['an unknown permission', { permissions: ['architect.everything'] }, 'invalid', /^Unknown permission "architect\.everything"/],
    ['a short password', { password: 'short' }, 'invalid', 'Password must be at least 8 characters'],
    ['a long password', { password: 'x'.repeat(129) }, 'invalid', 'Password must be at most 128 characters'],
    ['an invalid e-mail', { email: 'not an email' }, 'invalid', '"not an email" is not a valid e-mail address'],
  ])('refuses %s', async (_case, change, code, message) => {
    await users.create({ email: 'ada@example.com', password: 'a long password', roles: ['admin'] })
    await expect(users.create({ email: 'new@example.com', password: 'a long password', roles: [], ...change })).rejects.toEqual(
      refusal(code, message),
    )
    expect(await users.count()).toBe(1)
  })

  it('grants and revokes roles and permissions, saying what changed', async () => {
    await users.create({ email: 'ada@example.com', password: 'a long password', roles: ['viewer'] })
    const granted = await users.grant('ada@example.com', { roles: ['operator', 'viewer'], permissions: ['architect.leads'] })
    expect(granted.changedRoles).toEqual(['operator'])
    expect(granted.changedPermissions).toEqual(['architect.leads'])
    expect(granted.user).toMatchObject({ roles: ['operator', 'viewer'], extraPermissions: ['architect.leads'] })

    const revoked = await users.revoke('ada@example.com', { roles: ['operator', 'admin'] })
    expect(revoked.changedRoles).toEqual(['operator'])
    expect(revoked.user).toMatchObject({ roles: ['viewer'], permissions: ['architect.access', 'architect.logs', 'architect.leads'] })

    await expect(users.grant('ada@example.com', {})).rejects.toEqual(refusal('invalid', 'Name a role or a permission'))
  })

  it('refuses an unknown user', async () => {
    const unknown = refusal('unknown_user', 'No user with the e-mail ghost@example.com')
    await expect(users.grant('Ghost@example.com', { roles: ['viewer'] })).rejects.toEqual(unknown)
    await expect(users.revoke('ghost@example.com', { roles: ['viewer'] })).rejects.toEqual(unknown)
    await expect(users.resetPassword('ghost@example.com', 'a long password')).rejects.toEqual(unknown)
    await expect(users.disable('ghost@example.com')).rejects.toEqual(unknown)
    await expect(users.enable('ghost@example.com')).rejects.toEqual(unknown)
  })

  it('disables (ending sessions) and enables a user', async () => {
    const user = await users.create({ email: 'ada@example.com', password: 'a long password', roles: ['viewer'] })
    const sessions = createSessionRepository(db)
    const token = await sessions.create(user.id, new Date(Date.now() + 60_000))
    const disabled = await users.disable('ada@example.com')
    expect(disabled).toEqual({ user: expect.objectContaining({ disabled: true }), sessionsRevoked: 1 })
    expect(await sessions.findUser(token)).toBeUndefined()
    expect((await users.enable('ada@example.com')).disabled).toBe(false)
    // Enabling does not bring ended sessions back.
    expect(await sessions.findUser(token)).toBeUndefined()
  })

  it('resets a password, ending sessions, and checks the new one', async () => {
    const user = await users.create({ email: 'ada@example.com', password: 'a long password' })
    await createSessionRepository(db).create(user.id, new Date(Date.now() + 60_000))
    await expect(users.resetPassword('ada@example.com', 'short')).rejects.toEqual(refusal('invalid', 'Password must be at least 8 characters'))
    expect(await users.resetPassword('ada@example.com', 'another long password')).toMatchObject({ sessionsRevoked: 1 })
  })

  it('lists users by e-mail', async () => {
    await users.create({ email: 'zed@example.com', password: 'a long password', roles: ['viewer'] })
    await users.create({ email: 'ada@example.com', password: 'a long password', roles: ['admin'] })
    expect((await users.list()).map((user) => user.email)).toEqual(['ada@example.com', 'zed@example.com'])
  })

  it('runs commands given as data, with a line for people', async () => {
    const created = await executeUserCommand(users, {
      name: 'create',
      email: 'ada@example.com',
      password: 'a long password',
      roles: ['admin'],
      permissions: [],
    })
    expect(created.message).toBe('Created ada@example.com (roles: admin)')
    expect((await executeUserCommand(users, { name: 'grant', email: 'ada@example.com', roles: ['admin'], permissions: [] })).message).toBe(
      'Nothing changed for ada@example.com. Roles: admin; extra permissions: none',
    )
    expect((await executeUserCommand(users, { name: 'disable', email: 'ada@example.com' })).message).toBe(
      'Disabled ada@example.com; 0 sessions ended',
    )
    expect((await executeUserCommand(users, { name: 'list' })).users).toHaveLength(1)
    await expect(executeUserCommand(users, { name: 'enable', email: 'nobody@example.com' })).rejects.toBeInstanceOf(UserCommandError)
  })
})

describe('parseUserCommand', () => {
  it.each([
    [{ name: 'list' }, { name: 'list' }],
    [{ name: 'grant', email: 'a@b.c', roles: ['viewer'] }, { name: 'grant', email: 'a@b.c', roles: ['viewer'], permissions: [] }],
    [{ name: 'reset-password', email: 'a@b.c', password: 'pw' }, { name: 'reset-password', email: 'a@b.c', password: 'pw' }],
  ])('accepts %p', (value, command) => {
    expect(parseUserCommand(value)).toEqual(command)
  })

  it.each([
    [null],
    ['list'],
    [{ name: 'drop-database' }],
    [{ name: 'create', email: 'a@b.c' }],
    [{ name: 'grant', email: 'a@b.c', roles: 'admin' }],
    [{ name: 'disable', email: 42 }],
  ])('refuses %p', (value) => {
    expect(parseUserCommand(value)).toBeUndefined()
  })
})
