import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { runUsersCli } from '../../src/cli/usersCli'
import { sendControlRequest, socketPath, startControlChannel, type ControlChannel } from '../../src/control/channel'
import { acquireLock, lockPath, readLock, type DataDirLock } from '../../src/control/lock'
import { createPrivately } from '../../src/lib/privateDir'
import { migrate, openPglite, type Database } from '../../src/db'
import { buildTestApp, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import { spawnScript, startServerProcess } from '../support/processes'


interface CliRun {
  code: number
  stdout: string
  stderr: string
}

const collector = () => {
  let text = ''
  return { write: (chunk: string) => (text += chunk), get text() { return text } }
}

/** Runs the users command in this process, with the password (if any) piped in on stdin. */
const users = async (args: string[], env: Record<string, string>, password?: string): Promise<CliRun> => {
  const stdout = collector()
  const stderr = collector()
  const code = await runUsersCli(args, {
    env,
    stdin: Readable.from(password === undefined ? [] : [`${password}\n`]),
    stdout,
    stderr,
    passwords: fastPasswords(),
  })
  return { code, stdout: stdout.text, stderr: stderr.text }
}

/** Short, so the control socket's path fits in a sockaddr_un. */
const tempDataDir = () => mkdtemp(path.join(os.tmpdir(), 'ovs-cli-'))

/** The pid of a process that has exited: a lock naming it is stale. */
const deadPid = (): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', ''])
    child.once('exit', () => resolve(child.pid ?? 999_999))
  })

describe('npm run users on the embedded database, with no server running', () => {
  let dataDir: string
  let env: Record<string, string>

  beforeAll(async () => {
    dataDir = await tempDataDir()
    env = { DATA_DIR: dataDir }
  })

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('creates a user from a piped password, opening the database itself and letting it go', async () => {
    const run = await users(['create', '--email', 'Ada@Example.com', '--role', 'admin'], env, 'ada-password')
    expect(run).toEqual({ code: 0, stdout: 'Created ada@example.com (roles: admin)\n', stderr: '' })
    expect(existsSync(lockPath(dataDir))).toBe(false)
  })

  it('grants, revokes, disables, enables and lists', async () => {
    expect((await users(['create', '--email', 'grace@example.com', '--role', 'viewer'], env, 'grace-password')).code).toBe(0)
    expect(await users(['grant', '--email', 'grace@example.com', '--role', 'operator', '--permission', 'architect.leads'], env)).toMatchObject({
      code: 0,
      stdout: 'Granted operator, architect.leads to grace@example.com. Roles: operator, viewer; extra permissions: architect.leads\n',
    })
    expect(await users(['revoke', '--email', 'grace@example.com', '--role', 'operator'], env)).toMatchObject({
      code: 0,
      stdout: 'Revoked operator from grace@example.com. Roles: viewer; extra permissions: architect.leads\n',
    })
    expect(await users(['disable', '--email', 'grace@example.com'], env)).toMatchObject({
      code: 0,
      stdout: 'Disabled grace@example.com; 0 sessions ended\n',
    })
    const list = await users(['list'], env)
    expect(list.code).toBe(0)
    expect(list.stdout.split('\n').map((line) => line.trimEnd())).toEqual([
      'email              roles   extra permissions  disabled',
      '-----------------  ------  -----------------  --------',
      'ada@example.com    admin   -                  no',
      'grace@example.com  viewer  architect.leads    yes',
      '',
    ])
    expect(await users(['enable', '--email', 'grace@example.com'], env)).toMatchObject({ code: 0, stdout: 'Enabled grace@example.com\n' })
    expect(await users(['reset-password', '--email', 'grace@example.com'], env, 'new-grace-password')).toMatchObject({
      code: 0,
      stdout: 'Password of grace@example.com reset; 0 sessions ended\n',
    })
  })

  it.each([
    ['a duplicate e-mail', ['create', '--email', 'ada@example.com', '--role', 'viewer'], 'another-password', 4, 'Error: A user with the e-mail ada@example.com already exists\n'],
    ['an unknown user', ['grant', '--email', 'ghost@example.com', '--role', 'viewer'], undefined, 3, 'Error: No user with the e-mail ghost@example.com\n'],
    ['an unknown role', ['create', '--email', 'new@example.com', '--role', 'root'], 'a-password', 2, 'Error: Unknown role "root". Roles: admin, operator, viewer\n'],
    ['an unknown permission', ['grant', '--email', 'ada@example.com', '--permission', 'root'], undefined, 2, /^Error: Unknown permission "root"\. Permissions: architect\.access, /],
    ['a short password', ['create', '--email', 'new@example.com'], 'short', 2, 'Error: Password must be at least 8 characters\n'],
    ['a password over 128 characters', ['reset-password', '--email', 'ada@example.com'], 'x'.repeat(129), 2, 'Error: Password must be at most 128 characters\n'],
    ['no password on stdin', ['create', '--email', 'new@example.com'], undefined, 2, /^Error: No password on standard input/],
    ['an invalid e-mail', ['disable', '--email', 'nope'], undefined, 2, 'Error: "nope" is not a valid e-mail address\n'],
    ['an unknown command', ['delete', '--email', 'ada@example.com'], undefined, 2, /^Error: Unknown command "delete"\n\nUsage: npm run users/],
    ['a missing --email', ['disable'], undefined, 2, /^Error: disable needs --email\n\nUsage:/],
    ['grant without a role or permission', ['grant', '--email', 'ada@example.com'], undefined, 2, /^Error: grant needs --role or --permission/],
    ['an unknown option', ['list', '--force'], undefined, 2, /^Error: Unknown option '--force'/],
  ])('refuses %s with a clear message and exit code', async (_case, args, password, code, message) => {
    const run = await users(args, env, password)
    expect(run.code).toBe(code)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(message)
  })

  it('asks for the password twice on a terminal, without echoing it', async () => {
    const typed: string[] = []
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: (mode: boolean) => typed.push(`raw:${mode}`) })
    const stdout = collector()
    let prompts = ''
    const stderr = {
      write: (text: string) => {
        prompts += text
        // Type each answer once its prompt shows, as a person would (raw mode: one key at a time).
        if (text === 'Password: ') stdin.write('pass-wrong\u007f\u007f\u007f\u007f\u007f\u007fword-1\r')
        if (text === 'Repeat the password: ') stdin.write('password-1\r')
        return true
      },
    }
    const code = await runUsersCli(['create', '--email', 'tty@example.com'], { env, stdin, stdout, stderr, passwords: fastPasswords() })
    expect(code).toBe(0)
    expect(prompts).toBe('Password: \nRepeat the password: \n')
    expect(typed).toEqual(['raw:true', 'raw:false', 'raw:true', 'raw:false'])
    expect((await users(['list'], env)).stdout).toContain('tty@example.com')
  })

  it('refuses two different passwords typed on a terminal', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined })
    const stderr = collector()
    const answers = ['password-1\r', 'password-2\r']
    const prompting = {
      write: (text: string) => {
        stderr.write(text)
        if (text.endsWith(': ')) stdin.write(answers.shift() ?? '')
        return true
      },
    }
    const code = await runUsersCli(['create', '--email', 'typo@example.com'], { env, stdin, stdout: collector(), stderr: prompting, passwords: fastPasswords() })
    expect(code).toBe(2)
    expect(stderr.text).toContain('Error: The passwords do not match')
  })

  it('prints its usage for --help', async () => {
    const run = await users(['--help'], env)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Usage: npm run users -- <command> \[options\]/)
    expect(run.stdout).toContain('Roles: admin, operator, viewer')
  })

  it('takes over a stale lock whose process is gone', async () => {
    await writeFile(lockPath(dataDir), JSON.stringify({ pid: await deadPid(), holder: 'server', since: '2025-01-01T00:00:00Z' }))
    const run = await users(['list'], env)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('ada@example.com')
    expect(existsSync(lockPath(dataDir))).toBe(false)
  })

  it('refuses, saying what to do, when a live process holds the directory but does not answer', async () => {
    const lock = await acquireLock(dataDir, 'server')
    try {
      const run = await users(['list'], env)
      expect(run.code).toBe(5)
      expect(run.stderr).toContain(`is held by process ${process.pid}, which does not answer on ${socketPath(dataDir)}`)
      expect(run.stderr).toContain(`If no such process is running, delete ${lockPath(dataDir)}.`)
      expect(await readLock(dataDir)).toMatchObject({ pid: process.pid, holder: 'server' })
    } finally {
      await lock.release()
    }
    expect(existsSync(lockPath(dataDir))).toBe(false)
  })
})

describe('npm run users while a server holds the embedded database', () => {
  let dataDir: string
  let env: Record<string, string>
  let lock: DataDirLock
  let db: Database
  let app: FastifyInstance
  let channel: ControlChannel

  beforeAll(async () => {
    dataDir = await tempDataDir()
    env = { DATA_DIR: dataDir }
    // What server.ts does on PGlite: lock, open, migrate, build, then open the control channel.
    lock = await acquireLock(dataDir, 'server')
    db = await openPglite(dataDir)
    await migrate(db)
    app = await buildTestApp(db)
    await app.ready()
    channel = await startControlChannel({ dataDir, users: app.users, log: app.log })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await channel.close()
    await app.close()
    await db.close()
    await lock.release()
    await rm(dataDir, { recursive: true, force: true })
  })

  const signIn = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

  it('listens on a socket only its user can open', () => {
    expect(channel.path).toBe(socketPath(dataDir))
    const stats = statSync(channel.path)
    expect(stats.isSocket()).toBe(true)
    expect(stats.mode & 0o777).toBe(0o600)
  })

  it('runs the command in the server, which can then sign the user in', async () => {
    const run = await users(['create', '--email', 'ada@example.com', '--role', 'operator'], env, 'ada-password')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('Created ada@example.com (roles: operator)\n')
    expect(run.stderr).toBe(`Using the running server (pid ${process.pid}) through ${socketPath(dataDir)}\n`)
    expect((await signIn('ada@example.com', 'ada-password')).statusCode).toBe(200)
    // The server's lock was left alone.
    expect(await readLock(dataDir)).toMatchObject({ pid: process.pid, holder: 'server' })
  })

  it('passes the service\'s refusals on with the same exit codes', async () => {
    expect((await users(['create', '--email', 'ada@example.com'], env, 'another-password')).code).toBe(4)
    const unknown = await users(['disable', '--email', 'ghost@example.com'], env)
    expect(unknown.code).toBe(3)
    expect(unknown.stderr).toContain('Error: No user with the e-mail ghost@example.com')
  })

  it('disables a user through the server, ending their sessions at once', async () => {
    await users(['create', '--email', 'grace@example.com', '--role', 'viewer'], env, 'grace-password')
    const token = (await signIn('grace@example.com', 'grace-password')).json<{ data: { token: string } }>().data.token
    expect((await users(['disable', '--email', 'grace@example.com'], env)).stdout).toBe('Disabled grace@example.com; 1 session ended\n')
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
    expect(me.statusCode).toBe(401)
  })

  it('lists through the server', async () => {
    const run = await users(['list'], env)
    expect(run.stdout).toMatch(/ada@example\.com\s+operator\s+-\s+no/)
    expect(run.stdout).toMatch(/grace@example\.com\s+viewer\s+-\s+yes/)
  })

  it('answers a malformed request with an error, not a crash', async () => {
    const response = await sendControlRequest(channel.path, { type: 'users', command: { name: 'drop' } as never }, 5_000)
    expect(response).toEqual({ ok: false, error: { code: 'bad_request', message: 'Malformed users command' } })
  })
})

/** Everything under `dir` (itself included) that its group or others may use, with its mode. */
const openToOthers = async (dir: string): Promise<string[]> => {
  const found: string[] = []
  const pending = [dir]
  while (pending.length > 0) {
    const current = pending.pop() as string
    const stats = await lstat(current)
    const expected = stats.isDirectory() ? 0o700 : 0o600
    if ((stats.mode & 0o777 & ~expected) !== 0) found.push(`${path.relative(dir, current) || '.'} ${(stats.mode & 0o777).toString(8)}`)
    if (stats.isDirectory()) for (const name of await readdir(current)) pending.push(path.join(current, name))
  }
  return found
}

describe('DATA_DIR privacy', () => {
  it('closes what an earlier version left open to others when a process takes the directory', async () => {
    const dataDir = await tempDataDir()
    try {
      await chmod(dataDir, 0o755)
      await mkdir(path.join(dataDir, 'base'), { mode: 0o755 })
      await writeFile(path.join(dataDir, 'base', 'relation'), 'rows')
      await chmod(path.join(dataDir, 'base', 'relation'), 0o666)
      await writeFile(path.join(dataDir, 'PG_VERSION'), '17')
      await chmod(path.join(dataDir, 'PG_VERSION'), 0o644)

      createPrivately()
      const lock = await acquireLock(dataDir, 'cli')
      await writeFile(path.join(dataDir, 'created-after'), 'new')
      expect(await openToOthers(dataDir)).toEqual([])
      await lock.release()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('leaves alone a folder that is not a data directory (DATA_DIR pointed at a home folder by mistake)', async () => {
    const home = await tempDataDir()
    try {
      await chmod(home, 0o755)
      await writeFile(path.join(home, 'notes.txt'), 'mine')
      await chmod(path.join(home, 'notes.txt'), 0o644)
      const lock = await acquireLock(home, 'cli')
      await lock.release()
      expect((await lstat(home)).mode & 0o777).toBe(0o755)
      expect((await lstat(path.join(home, 'notes.txt'))).mode & 0o777).toBe(0o644)
    } finally {
      await rm(home, { recursive: true, force: true })
    }
  })

  it('creates a new DATA_DIR and its parents for the server’s user only', async () => {
    const parent = await tempDataDir()
    try {
      const dataDir = path.join(parent, 'nested', 'data')
      const lock = await acquireLock(dataDir, 'cli')
      expect((await lstat(dataDir)).mode & 0o777).toBe(0o700)
      expect((await lstat(path.join(parent, 'nested'))).mode & 0o777).toBe(0o700)
      await lock.release()
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  })
})

const runProcess = (args: [string, ...string[]], env: Record<string, string>, input?: string): Promise<CliRun> =>
  new Promise((resolve) => {
    const child = spawnScript(args, { ...process.env, ...env }, 'pipe')
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdin?.end(input ?? '')
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })

describe('npm run users against a real server process', () => {
  let dataDir: string
  let server: ChildProcess | undefined

  beforeAll(async () => {
    dataDir = await tempDataDir()
    // Made by hand, open to every local user.
    await chmod(dataDir, 0o755)
  })

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  })

  it('goes through the running server, then opens the directory itself once the server has stopped', async () => {
    const { url, child } = await startServerProcess((listen) => {
      const env = { DATA_DIR: dataDir, ...listen, LOG_LEVEL: 'warn', STATIC_DIR: path.join(dataDir, 'no-spa') }
      server = spawnScript(['server/src/server.ts'], { ...process.env, ...env })
      return server
    }, 40_000)

    const created = await runProcess(['server/src/cli/users.ts', 'create', '--email', 'ops@example.com', '--role', 'operator'], { DATA_DIR: dataDir }, 'ops-password\n')
    expect(created).toMatchObject({ code: 0, stdout: 'Created ops@example.com (roles: operator)\n' })
    // The embedded database's files (password hashes among them) are the server's user's alone.
    expect(await openToOthers(dataDir)).toEqual([])
    expect(created.stderr).toContain(`Using the running server (pid ${child.pid})`)

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'ops-password' }),
    })
    expect(login.status).toBe(200)

    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    expect(existsSync(lockPath(dataDir))).toBe(false)
    expect(existsSync(socketPath(dataDir))).toBe(false)

    const listed = await runProcess(['server/src/cli/users.ts', 'list'], { DATA_DIR: dataDir })
    expect(listed.code).toBe(0)
    expect(listed.stderr).toBe('')
    expect(listed.stdout).toMatch(/ops@example\.com\s+operator/)
  }, 90_000)
})

const postgresUrl = process.env.TEST_DATABASE_URL
const describePostgres = postgresUrl ? describe : describe.skip

describePostgres('npm run users with DATABASE_URL', () => {
  const database = `overseer_cli_${randomUUID().replaceAll('-', '')}`
  const admin = () => new pg.Client({ connectionString: postgresUrl })
  let url: string

  beforeAll(async () => {
    const client = admin()
    await client.connect()
    await client.query(`create database ${database}`)
    await client.end()
    const parsed = new URL(postgresUrl ?? '')
    parsed.pathname = `/${database}`
    url = parsed.toString()
  })

  afterAll(async () => {
    const client = admin()
    await client.connect()
    await client.query(`drop database if exists ${database} with (force)`)
    await client.end()
  })

  it('works on PostgreSQL directly (migrating a fresh database first), ignoring DATA_DIR', async () => {
    const dataDir = path.join(os.tmpdir(), `ovs-unused-${randomUUID()}`)
    const env = { DATABASE_URL: url, DATA_DIR: dataDir }
    expect(await users(['create', '--email', 'pg@example.com', '--role', 'viewer'], env, 'pg-password')).toEqual({
      code: 0,
      stdout: 'Created pg@example.com (roles: viewer)\n',
      stderr: '',
    })
    expect((await users(['create', '--email', 'pg@example.com'], env, 'pg-password')).code).toBe(4)
    expect((await users(['list'], env)).stdout).toMatch(/pg@example\.com\s+viewer/)
    expect(existsSync(dataDir)).toBe(false)
  })
})
