import { accessSync, constants } from 'node:fs'
import path from 'node:path'

/**
 * Making the sandbox available: which Debian packages it needs, whether this machine can install
 * them itself (`npm start` does, as `npm test` does), and otherwise the one command to run. The
 * decision is a function of what was found, so it is tested without running apt.
 */

/** The commands the sandbox runs, and the Debian package each comes from. */
export const SANDBOX_COMMANDS = { bwrap: 'bubblewrap', prlimit: 'util-linux', setpriv: 'util-linux' } as const
export type SandboxCommand = keyof typeof SANDBOX_COMMANDS

/** What was found on this machine. */
export interface MachineFacts {
  /** BUILD_SANDBOX: `none` runs nothing in a sandbox, so nothing is installed for it. */
  sandbox: 'bwrap' | 'none'
  /** The sandbox's commands that are not on PATH. */
  missing: readonly SandboxCommand[]
  /** Whether this process runs as root. */
  root: boolean
  /** Whether apt-get is there (a Debian or Ubuntu machine). */
  aptGet: boolean
  /** Whether `sudo` runs without asking for a password (only asked when not root). */
  sudo: boolean
}

export type InstallPlan =
  /** Nothing to install: all there, or BUILD_SANDBOX=none. */
  | { action: 'none' }
  /** Install `packages` now, with `argv` (the same script `npm test` uses, for the server's packages only). */
  | { action: 'install'; packages: string[]; argv: [string, ...string[]] }
  /** This process cannot install them: say `advice` (the one command to run, when there is apt-get). */
  | { action: 'tell'; packages: string[]; advice: string }

/** The Debian packages that hold `missing`, each once, in a stable order. */
export const packagesFor = (missing: readonly SandboxCommand[]): string[] => [...new Set(missing.map((command) => SANDBOX_COMMANDS[command]))].sort()

/** The one command that installs `packages` here (apt-get, with sudo unless root), if there is apt-get. */
export const installCommand = (packages: readonly string[], facts: Pick<MachineFacts, 'root' | 'aptGet'>): string | undefined =>
  facts.aptGet ? `${facts.root ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}` : undefined

/** What to do, as the end of a sentence: run the command, or (without apt-get) install the packages by their names. */
export const installAdvice = (packages: readonly string[], facts: Pick<MachineFacts, 'root' | 'aptGet'>): string => {
  const command = installCommand(packages, facts)
  return command ? `run \`${command}\`` : `install ${packages.join(' and ')} (${packages.length > 1 ? 'their' : 'its'} Debian name${packages.length > 1 ? 's' : ''}) with this system's package manager`
}

/** The script that installs the packages, `npm test`'s own, told to install only what the server needs. */
export const ENSURE_PACKAGES_ARGV = (scriptsDir: string): [string, ...string[]] => ['bash', path.join(scriptsDir, 'ensure-packages.sh'), '--server']

/** What `npm start` does about the sandbox's packages on a machine like `facts`. */
export const planInstall = (facts: MachineFacts, scriptsDir: string): InstallPlan => {
  if (facts.sandbox === 'none' || facts.missing.length === 0) return { action: 'none' }
  const packages = packagesFor(facts.missing)
  if (facts.aptGet && (facts.root || facts.sudo)) return { action: 'install', packages, argv: ENSURE_PACKAGES_ARGV(scriptsDir) }
  return { action: 'tell', packages, advice: installAdvice(packages, facts) }
}

/** Whether `command` is an executable file in one of PATH's folders. */
export const onPath = (command: string, searchPath = process.env.PATH ?? ''): boolean =>
  searchPath
    .split(':')
    .filter(Boolean)
    .some((folder) => {
      try {
        accessSync(path.join(folder, command), constants.X_OK)
        return true
      } catch {
        return false
      }
    })

/** The sandbox's commands missing here: bwrap and prlimit always; setpriv only for a root server (which runs each sandbox as a user of its own). */
export const missingCommands = (root: boolean, searchPath = process.env.PATH ?? ''): SandboxCommand[] =>
  (['bwrap', 'prlimit', ...(root ? (['setpriv'] as const) : [])] as const).filter((command) => !onPath(command, searchPath))

/** Whether apt-get is there: looked for where Debian puts it, as well as on PATH. */
export const hasAptGet = (searchPath = process.env.PATH ?? ''): boolean => onPath('apt-get', `/usr/bin:/bin:${searchPath}`)

/** The sandbox's problem on this machine when some of its commands are missing (the one line said at start and in a build's reply), or undefined when all are there. */
export const missingProblem = (searchPath = process.env.PATH ?? '', root = process.getuid?.() === 0): { missing: SandboxCommand[]; advice: string } | undefined => {
  const missing = missingCommands(root, searchPath)
  return missing.length === 0 ? undefined : { missing, advice: installAdvice(packagesFor(missing), { root, aptGet: hasAptGet(searchPath) }) }
}
