import type { ProjectFile } from '../archive'
import { gitignore, readme, templateFile, type Template } from './common'

export const cliTemplate: Template = {
  kind: 'cli',
  summary: 'A command-line tool that counts the lines, words and characters of files or standard input, with `--json`, `--help` and `--version`, on Node.js without dependencies.',
  describe() {
    return this.summary
  },
  files(spec): ProjectFile[] {
    const summary = this.describe(spec)
    return [
      readme(spec, {
        summary,
        run: `\`\`\`sh\nnode bin/${spec.slug}.js README.md\necho "hello world" | node bin/${spec.slug}.js --json\nnpm link   # installs the command on your PATH\n\`\`\``,
        layout: [
          [`bin/${spec.slug}.js`, 'the command'],
          ['src/cli.js', 'argument parsing, input and output'],
          ['src/stats.js', 'the counting itself'],
          ['test/cli.test.js', 'tests of the counting, the options and the command'],
        ],
      }),
      templateFile(spec, 'package.json', { description: summary }),
      gitignore,
      templateFile(spec, 'bin/command.js', { path: `bin/${spec.slug}.js`, executable: true }),
      templateFile(spec, 'src/cli.js'),
      templateFile(spec, 'src/stats.js'),
      templateFile(spec, 'test/cli.test.js'),
    ]
  },
}
