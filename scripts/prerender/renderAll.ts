/**
 * Builds the prerender bundle (webpack.config.ts) into a temporary directory and renders every
 * public page with it, in plain Node (no browser globals), printing one JSON report on stdout:
 * the test of the prerender (tests/integration/prerender.test.ts) runs this, as `npm run build` would.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import webpack from 'webpack'
import { createPrerenderConfig } from '../../webpack.config'
import { loadPrerenderApp } from '.'

export interface RenderReport {
  browserGlobals: string[]
  pages: string[]
  shell: { pattern: string; status: number }[]
  rendered: { pathname: string; title?: string; description?: string; canonical?: string; h1: boolean; error?: string }[]
}

const main = async () => {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-prerender-check-'))
  try {
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      const compiler = webpack(createPrerenderConfig(outDir))
      compiler.run((error, result) => {
        compiler.close(() => undefined)
        if (error || !result) reject(error ?? new Error('webpack gave no stats'))
        else resolve(result)
      })
    })
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }))
    const app = loadPrerenderApp(outDir)
    const { pages, shell } = await app.siteMap()
    const report: RenderReport = {
      browserGlobals: ['window', 'document', 'localStorage', 'sessionStorage', 'IntersectionObserver', 'matchMedia'].filter((name) => name in globalThis),
      pages,
      shell,
      rendered: [],
    }
    for (const pathname of pages) {
      try {
        const { html, head } = await app.renderPage(pathname)
        report.rendered.push({ pathname, ...head, h1: /<h1[\s>]/.test(html) })
      } catch (error) {
        report.rendered.push({ pathname, h1: false, error: error instanceof Error ? error.message : String(error) })
      }
    }
    process.stdout.write(JSON.stringify(report))
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
