import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { hasAptGet, missingCommands, planInstall } from '../server/src/sandbox/install'
import { buildSpa } from './build'

const root = path.resolve(__dirname, '..')
const builtIndex = path.join(root, 'dist', 'index.html')

const newestChange = (entry: string): number => {
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs)
}

/** The SPA needs a build when there is none or its sources changed since the last one. */
const needsBuild = (): boolean => {
  if (!existsSync(builtIndex)) return true
  const built = statSync(builtIndex).mtimeMs
  const sources = ['src', 'docs', 'scripts/markdown', 'public', 'webpack.config.ts', 'package.json'].map((name) => path.join(root, name))
  return sources.some((source) => existsSync(source) && newestChange(source) > built)
}

/**
 * The sandbox from the first command: bubblewrap and util-linux installed as `npm test` installs
 * them, when this process can (root, or sudo without a password, and apt-get). When it cannot,
 * the server's own check says at start, in one line, what to run (and a build's reply says the same).
 */
const ensureSandbox = (): void => {
  const root = process.getuid?.() === 0
  const missing = missingCommands(root)
  const aptGet = hasAptGet()
  // sudo is asked (without a prompt) only when it would be used.
  const sudo = missing.length > 0 && aptGet && !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
  const plan = planInstall({ sandbox: process.env.BUILD_SANDBOX === 'none' ? 'none' : 'bwrap', missing, root, aptGet, sudo }, __dirname)
  if (plan.action !== 'install') return
  console.log(`Installing the sandbox builds run their tests in (Debian packages: ${plan.packages.join(', ')})...`)
  const [command, ...args] = plan.argv
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) console.warn(`Installing ${plan.packages.join(', ')} failed (exit code ${result.status ?? result.signal ?? 'none'}); the server starts without a sandbox.`)
}

const main = async () => {
  ensureSandbox()
  if (process.env.SKIP_BUILD !== 'true' && needsBuild()) {
    console.log('Building the web app (first start or sources changed)...')
    await buildSpa()
  }
  await import('../server/src/server')
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
