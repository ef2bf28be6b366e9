import { spawn, type ChildProcess } from 'node:child_process'

/**
 * Development: the API server restarting on change (tsx watch) and webpack-dev-server with hot
 * reload on DEV_PORT (default 3000), which proxies /api and /socket.io to the server.
 */
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? 'dist' },
  }),
  spawn(process.execPath, ['--import', 'tsx', 'node_modules/webpack-cli/bin/cli.js', 'serve', '--mode', 'development'], {
    stdio: 'inherit',
  }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) {
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
}
