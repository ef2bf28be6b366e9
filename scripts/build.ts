import webpack, { type Stats } from 'webpack'
import createConfig from '../webpack.config'

/** Builds the SPA for production into `dist/`; resolves with webpack's stats (the bench reads them). */
export const buildSpa = (): Promise<Stats> =>
  new Promise((resolve, reject) => {
    const compiler = webpack(createConfig(undefined, { mode: 'production' }))
    compiler.run((error, stats) => {
      compiler.close(() => undefined)
      if (error) return reject(error)
      if (!stats || stats.hasErrors()) {
        return reject(new Error(stats?.toString({ all: false, errors: true, colors: false }) ?? 'webpack failed'))
      }
      console.log(stats.toString({ preset: 'summary', colors: false }))
      resolve(stats)
    })
  })

if (require.main === module) {
  buildSpa().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
