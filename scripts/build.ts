import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import webpack, { type Stats } from 'webpack'
import createConfig, { createPrerenderConfig } from '../webpack.config'
import { prerender } from './prerender'

const STATS = { all: false, chunks: true, chunkOrigins: true, chunkModules: false, modules: true, nestedModules: true, ids: true } as const

/** How long the last build's parts took, in seconds (the bench reports them). */
export interface BuildTimings {
  /** Both webpack builds, run side by side. */
  webpackSeconds: number
  /** The prerender build alone (within the above). */
  prerenderBuildSeconds: number
  /** Rendering every public page and writing the files. */
  renderSeconds: number
  pages: number
}

export let lastBuildTimings: BuildTimings | undefined

const run = (compiler: webpack.MultiCompiler): Promise<webpack.MultiStats> =>
  new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined)
      if (error) return reject(error)
      if (!stats || stats.hasErrors()) {
        return reject(new Error(stats?.toString({ all: false, errors: true, colors: false }) ?? 'webpack failed'))
      }
      resolve(stats)
    })
  })

/**
 * Builds the SPA for production into `dist/` (or BUILD_DIR), then renders every public page to
 * its own HTML file (scripts/prerender). Resolves with the browser build's stats (the bench reads them).
 */
export const buildSpa = async (): Promise<Stats> => {
  const started = performance.now()
  const serverDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-prerender-'))
  try {
    const client = createConfig(undefined, { mode: 'production' })
    const stats = await run(webpack([client, createPrerenderConfig(serverDir)]))
    const [clientStats, serverStats] = stats.stats
    if (!clientStats || !serverStats) throw new Error('webpack gave no stats')
    console.log(clientStats.toString({ preset: 'summary', colors: false }))
    const compiled = performance.now()
    const buildDir = client.output?.path
    if (!buildDir) throw new Error('the browser build has no output path')
    const { pages, ms } = await prerender({ buildDir, clientStats: clientStats.toJson(STATS), serverDir, serverStats: serverStats.toJson(STATS) })
    const timings: BuildTimings = {
      webpackSeconds: (compiled - started) / 1000,
      prerenderBuildSeconds: (serverStats.endTime - serverStats.startTime) / 1000,
      renderSeconds: ms / 1000,
      pages,
    }
    lastBuildTimings = timings
    console.log(
      `Prerendered ${pages} public pages in ${timings.renderSeconds.toFixed(1)} s (webpack, both builds: ${timings.webpackSeconds.toFixed(1)} s; the prerender build alone: ${timings.prerenderBuildSeconds.toFixed(1)} s)`,
    )
    return clientStats
  } finally {
    await rm(serverDir, { recursive: true, force: true })
  }
}

if (require.main === module) {
  buildSpa().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}
