import type { FastifyInstance } from 'fastify'
import type { Headers } from './chat'

/** Signs a staff member in; answers the headers that carry the session. */
export const signIn = async (app: FastifyInstance, email: string, password: string): Promise<Headers> => {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  expect(response.statusCode).toBe(200)
  return { authorization: `Bearer ${response.json<{ data: { token: string } }>().data.token}` }
}
