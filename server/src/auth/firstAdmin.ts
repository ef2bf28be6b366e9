import type { FastifyBaseLogger } from 'fastify'
import { UserCommandError, type UserService } from './userService'

/** What a server with no staff account says at start: both ways to create the first admin. */
export const NO_STAFF_NOTICE =
  'No staff account yet: create the first admin with `ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=… npm start` on this empty database, or with `npm run users -- create --email you@example.com --role admin`'

/**
 * Creates the admin of ADMIN_EMAIL/ADMIN_PASSWORD when there are no users at all; otherwise does
 * nothing, so changing the variables later never touches existing accounts. Without them, a
 * database with no users gets one line saying how to make the first admin: otherwise the staff
 * area has no way in and nothing says so.
 */
export const ensureFirstAdmin = async (
  users: UserService,
  admin: { email: string; password: string } | undefined,
  log: FastifyBaseLogger,
): Promise<'created' | 'skipped'> => {
  if (!admin) {
    if ((await users.count()) === 0) log.info(NO_STAFF_NOTICE)
    return 'skipped'
  }
  if ((await users.count()) > 0) {
    log.debug('users exist: ADMIN_EMAIL is not used')
    return 'skipped'
  }
  try {
    await users.create({ email: admin.email, password: admin.password, roles: ['admin'] })
  } catch (error) {
    // Another process starting on the same database created it first.
    if (error instanceof UserCommandError && error.code === 'email_taken') return 'skipped'
    throw error
  }
  log.info({ email: admin.email }, 'created the first admin from ADMIN_EMAIL')
  return 'created'
}
