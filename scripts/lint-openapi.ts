/**
 * Lints the API's OpenAPI document (`/api/openapi.json`, generated from the route schemas) with
 * Redocly's recommended rules, so a generated client gets a document without errors or warnings.
 * Part of `npm run lint`; exits non-zero on any problem.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { migrate, openPglite } from '../server/src/db'

const root = path.resolve(__dirname, '..')

const main = async (): Promise<number> => {
  const db = await openPglite(undefined)
  await migrate(db)
  const config = { ...loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }), staticDir: path.join(os.tmpdir(), 'overseer-no-spa') }
  const app = buildApp({ config, db, logger: false })
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  await app.close()
  await db.close()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'overseer-openapi-'))
  try {
    const file = path.join(dir, 'openapi.json')
    writeFileSync(file, response.body)
    const redocly = path.join(root, 'node_modules', '.bin', 'redocly')
    const run = spawnSync(redocly, ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--max-problems', '500'], {
      stdio: 'inherit',
      // No telemetry or update check: the lint runs offline and says only what it finds.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    return run.status ?? 1
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

void main().then((code) => process.exit(code))
