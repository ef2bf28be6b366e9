import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import { UserCommandError, type UserService } from './userService'

/**
 * Creates the admin of ADMIN_EMAIL/ADMIN_PASSWORD when there are no users at all; otherwise does
 * nothing, so changing the variables later never touches existing accounts.
 */
export const ensureFirstAdmin = async (
  users: UserService,
  admin: Config['admin'],
  log: FastifyBaseLogger,
): Promise<'created' | 'skipped'> => {
  if (!admin) return 'skipped'
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
