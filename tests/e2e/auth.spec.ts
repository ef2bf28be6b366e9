import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { createUser, SETUP_TIMEOUT_MS, startServer } from './server'
import { STAFF } from './staff'

interface Member {
  email: string
  password: string
}

const signIn = async (page: Page, member: Member, remember = false) => {
  // The sign-in page loads on demand: wait for it, so the previous page's fields are gone.
  await expect(page.getByRole('heading', { name: 'Architect Suite' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(member.email)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check()
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('an anonymous visit to /architect goes to /login, and back after signing in', async ({ page }) => {
  await page.goto('/architect')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Architect Suite' })).toBeVisible()
  await signIn(page, STAFF.admin)
  await expect(page).toHaveURL(/\/architect$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Architect Dashboard' })).toBeVisible()
  await expect(page.getByText('Administrator', { exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard')
  // Back would return to /login if the redirect had pushed instead of replacing.
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(3)
})

test('a wrong password gets the generic message', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, { ...STAFF.viewer, password: 'not-the-password' })
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  await expect(page).toHaveURL(/\/login$/)
})

test('a viewer without architect.overseer sees the access-restricted message on /architect/overseer', async ({ page }) => {
  await page.goto('/architect/overseer')
  await signIn(page, STAFF.viewer)
  await expect(page).toHaveURL(/\/architect\/overseer$/)
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible()
  await expect(page.getByText('You do not have permission to access the Overseer interface module.')).toBeVisible()
  await expect(page.getByText('Viewer', { exact: true })).toBeVisible()
  await page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link', { name: 'Logs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Logs' })).toBeVisible()
})

test('signing out ends the session: /architect asks to sign in again', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, STAFF.operator, true)
  await expect(page.getByRole('heading', { level: 1, name: 'Architect Dashboard' })).toBeVisible()
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'overseer_session')
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Lax')
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600)
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull()
  await page.goto('/architect')
  await expect(page).toHaveURL(/\/login$/)
})

test('forgot password explains that an administrator resets passwords', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await expect(page.getByText(/reset by an administrator/)).toBeVisible()
})

test.describe('a signed-in user without architect.access', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS)
    server = await startServer()
    await createUser(server.dataDir, 'nobody@e2e.test', 'viewer', 'nobody-password-1')
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/users.ts', 'revoke', '--email', 'nobody@e2e.test', '--role', 'viewer'],
      { env: { ...process.env, DATA_DIR: server.dataDir } },
    )
  })
  test.afterAll(async () => server?.stop())

  test('lands on /unauthorized with their e-mail and roles', async ({ page }) => {
    await page.goto(`${server.url}/architect`)
    await signIn(page, { email: 'nobody@e2e.test', password: 'nobody-password-1' })
    await expect(page).toHaveURL(/\/unauthorized$/)
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible()
    await expect(page.getByText('nobody@e2e.test')).toBeVisible()
    await expect(page.getByText('none', { exact: true })).toBeVisible()
  })
})

test.describe('pre-launch mode', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS)
    server = await startServer({ SITE_MODE: 'prelaunch' })
    await createUser(server.dataDir, STAFF.viewer.email, STAFF.viewer.role, STAFF.viewer.password)
  })
  test.afterAll(async () => server?.stop())

  test('anonymous visitors see the under-construction page; staff see the site', async ({ page }) => {
    await page.goto(`${server.url}/about`)
    await expect(page.getByRole('heading', { name: 'Overseer Site - Coming Soon' })).toBeVisible()
    await expect(page.getByText('Q3 2025')).toBeVisible()
    await page.getByRole('button', { name: 'Contact Us' }).click()
    await expect(page.getByRole('main').getByRole('link', { name: 'hello@overseerlabs.ai' })).toBeVisible()
    await page.getByRole('link', { name: 'Login to Access' }).click()
    await signIn(page, STAFF.viewer)
    await expect(page).toHaveURL(/\/architect$/)
    await page.goto(`${server.url}/about`)
    await expect(page.getByRole('heading', { level: 1, name: 'About Overseer Labs' })).toBeVisible()
  })
})
