import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
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

const main = async () => {
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
