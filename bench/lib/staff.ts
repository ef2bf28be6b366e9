/** The Architect Suite in the bench: a staff session in a browser context, and builds for the token chart. */
import { randomUUID } from 'node:crypto'
import type { BrowserContext } from '@playwright/test'

/** The first administrator of the server that serves the pages (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-pages-admin@example.com', password: 'bench-pages-admin-password' } as const

/** The environment that makes BENCH_ADMIN the first administrator of a fresh server. */
export const benchAdminEnv = (): Record<string, string> => ({ ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password })

/** Signs the context in as BENCH_ADMIN: the session cookie joins the context's cookie jar. */
export const signInAsAdmin = async (context: BrowserContext, baseUrl: string): Promise<void> => {
  const response = await context.request.post(`${baseUrl}/api/auth/login`, { data: BENCH_ADMIN })
  if (!response.ok()) throw new Error(`bench admin sign-in: ${response.status()} ${await response.text()}`)
}

/**
 * Makes sure the token usage history has at least `iterations` entries (a line needs two points),
 * running build requests with overseer-local as the signed-in context.
 */
export const ensureTokenHistory = async (context: BrowserContext, baseUrl: string, iterations = 2): Promise<void> => {
  const history = await context.request.get(`${baseUrl}/api/overseer/token-usage-history`)
  if (!history.ok()) throw new Error(`token usage history: ${history.status()}`)
  const have = ((await history.json()) as unknown[]).length
  const requests = ['build a todo web app', 'create a REST API for notes', 'make a command-line tool that counts words']
  for (let index = have; index < iterations; index += 1) {
    const build = await context.request.post(`${baseUrl}/api/overseer/chat`, {
      data: { messages: [{ role: 'user', content: requests[index % requests.length] }], model: 'overseer-local', sessionId: randomUUID() },
      timeout: 120_000,
    })
    if (build.status() !== 200) throw new Error(`build for the token chart: ${build.status()} ${await build.text()}`)
  }
}
