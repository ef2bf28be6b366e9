/** Signing in and out, and the signed-in user every auth answer carries. */
import type { Static, TSchema } from 'typebox'
import * as Type from 'typebox/type'

export const PERMISSIONS = [
  'architect.access',
  'architect.overseer',
  'architect.testing',
  'architect.logs',
  'architect.approvals',
  'architect.leads',
  'architect.questions',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** Highest first: the order in which a user's roles are listed and the layout picks its label. */
export const ROLES = ['admin', 'operator', 'viewer'] as const
export type Role = (typeof ROLES)[number]

const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] })

const userOf = <Role extends TSchema, Permission extends TSchema>(role: Role, permission: Permission) =>
  Type.Object(
    {
      id: Type.Integer(),
      email: Type.String(),
      roles: Type.Array(role, { description: 'Highest first' }),
      permissions: Type.Array(permission, { description: "The roles' permissions plus direct grants" }),
    },
    { additionalProperties: false },
  )

/** The user every auth answer carries. Serialised by this schema, so nothing else can slip out. */
export const User = userOf(oneOf(ROLES), oneOf(PERMISSIONS))

/**
 * The user as the SPA reads it: a role or permission it does not know yet (a newer server's) is
 * kept and shown, not taken for a broken answer; it grants nothing the SPA checks for.
 */
export const SessionUser = userOf(Type.String(), Type.String())
export type SessionUser = Static<typeof SessionUser>

const userAnswer = <T extends TSchema>(user: T, description: string) => Type.Object({ success: Type.Literal(true), data: user }, { description })

/** `{ success: true, data: user }`, described for one answer. */
export const UserAnswer = (description: string) => userAnswer(User, description)
export const Me = UserAnswer('The user of the session')
/** GET /api/auth/me as the SPA checks it. */
export const SessionMe = userAnswer(SessionUser, 'The user of the session')

/** Loose on purpose: the route's checks give the messages; the limits only bound the work. */
export const LoginBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  password: Type.Optional(Type.String({ maxLength: 4096 })),
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session (and its cookie) for 30 days instead of the browser session' })),
})
export type LoginBody = Static<typeof LoginBody>

const signedInWith = <T extends TSchema>(user: T) =>
  Type.Object(
    {
      success: Type.Literal(true),
      data: Type.Object({
        user,
        token: Type.String({ description: 'Send as `Authorization: Bearer <token>`' }),
      }),
    },
    { description: 'Signed in: the user and a new session token, also set as the HttpOnly session cookie' },
  )
export const SignedIn = signedInWith(User)
/** POST /api/auth/login's answer as the SPA checks it. */
export const SessionSignedIn = signedInWith(SessionUser)

export const SignedOut = Type.Object({ success: Type.Literal(true) }, { description: 'Signed out (also when there was no session)' })
