/** Signing in and out, and the signed-in user every auth answer carries. */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'

export const PERMISSIONS = [
  'architect.access',
  'architect.overseer',
  'architect.testing',
  'architect.logs',
  'architect.approvals',
  'architect.leads',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** Highest first: the order in which a user's roles are listed and the layout picks its label. */
export const ROLES = ['admin', 'operator', 'viewer'] as const
export type Role = (typeof ROLES)[number]

const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] })

/** The user every auth answer carries. Serialised by this schema, so nothing else can slip out. */
export const SessionUser = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    roles: Type.Array(oneOf(ROLES), { description: 'Highest first' }),
    permissions: Type.Array(oneOf(PERMISSIONS), { description: "The roles' permissions plus direct grants" }),
  },
  { additionalProperties: false },
)
export type SessionUser = Static<typeof SessionUser>

/** `{ success: true, data: user }`, described for one answer. */
export const UserAnswer = (description: string) => Type.Object({ success: Type.Literal(true), data: SessionUser }, { description })
export const Me = UserAnswer('The user of the session')
export type Me = Static<typeof Me>

/** Loose on purpose: the route's checks give the messages; the limits only bound the work. */
export const LoginBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  password: Type.Optional(Type.String({ maxLength: 4096 })),
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session (and its cookie) for 30 days instead of the browser session' })),
})
export type LoginBody = Static<typeof LoginBody>

export const SignedIn = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      user: SessionUser,
      token: Type.String({ description: 'Send as `Authorization: Bearer <token>`' }),
    }),
  },
  { description: 'Signed in: the user and a new session token, also set as the HttpOnly session cookie' },
)
export type SignedIn = Static<typeof SignedIn>

export const SignedOut = Type.Object({ success: Type.Literal(true) }, { description: 'Signed out (also when there was no session)' })
