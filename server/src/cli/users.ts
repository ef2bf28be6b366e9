/**
 * Staff accounts from the command line: `npm run users -- <command>` (see USAGE in usersCli.ts).
 * With DATABASE_URL it works on PostgreSQL; else on the embedded database in DATA_DIR, through
 * the running server when there is one.
 */
import { runUsersCli } from './usersCli'

runUsersCli(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 1
  },
)
