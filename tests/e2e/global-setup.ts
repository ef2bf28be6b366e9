import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildDir, createUser, startServer } from './server'
import { STAFF } from './staff'

/** One real server for the run; its address reaches the workers through E2E_BASE_URL. */
export default async function globalSetup() {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No production build in ${buildDir}: run \`npm run build\` first (npm run test:e2e does).`)
  }
  // Generous form limits: many tests share one IP. The rate limit itself is tested on the server.
  // startServer waits a bounded time, and stops a server that did not come up.
  const server = await startServer({ RATE_LIMIT_FORMS: '1000' })
  process.env.E2E_BASE_URL = server.url
  // Scratch space shared by the workers of this run (e.g. which links were already followed).
  const runDir = mkdtempSync(path.join(tmpdir(), 'overseer-e2e-run-'))
  process.env.E2E_RUN_DIR = runDir
  const teardown = async () => {
    await server.stop()
    rmSync(runDir, { recursive: true, force: true })
  }
  try {
    for (const member of Object.values(STAFF)) await createUser(server.dataDir, member.email, member.role, member.password)
  } catch (error) {
    // Playwright runs no teardown for a setup that failed: the server would outlive the run.
    await teardown()
    throw error
  }
  return teardown
}
