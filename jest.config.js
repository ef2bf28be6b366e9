const os = require('node:os')

/** Two projects: the SPA in jsdom, the server in Node. Both compile TypeScript with ts-jest. */
const tsJest = [
  'ts-jest',
  {
    // Types are checked by `npm run typecheck`; with isolatedModules ts-jest only transpiles.
    tsconfig: { module: 'commonjs', jsx: 'react-jsx', esModuleInterop: true, target: 'ES2022', isolatedModules: true, rootDir: '.' },
  },
]

const esmToCommonJs = ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true, rootDir: '.' } }]

const ESM_ONLY = ['rettime', 'until-async', 'redux-persist/es', 'marked', 'typebox']

module.exports = {
  // Creating a PGlite database takes seconds on a busy machine (a global option: projects ignore it).
  testTimeout: 30_000,
  // Jest's default, a worker fewer than the cores, runs the files one at a time on two cores: the
  // server's tests wait mostly on their own CPU (PGlite, builds), so two files at once take half as long.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/tests/setup/jsdom-environment.js',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts?(x)'],
      transform: {
        '^.+\\.tsx?$': tsJest,
        // Some of MSW's dependencies ship only ES modules (.mjs, or .js in an ESM-only package).
        '^.+\\.m?js$': esmToCommonJs,
        // The documentation pages and the site's copy (content/), compiled as the webpack loader does.
        '^.+\\.md$': '<rootDir>/scripts/markdown/jest-transform.cjs',
      },
      transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)(?!.+\\.mjs$)`],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
      moduleNameMapper: {
        '\\.module\\.scss$': 'identity-obj-proxy',
        '\\.s?css$': '<rootDir>/tests/setup/style-stub.js',
        '^@/(.*)$': '<rootDir>/src/$1',
        '^@tests/(.*)$': '<rootDir>/tests/$1',
        '^@content/(.*)$': '<rootDir>/content/$1',
        '^@contracts/(.*)$': '<rootDir>/contracts/$1',
        // `x.md?search` (the docs search index's imports) is the page itself.
        '^(.+\\.md)\\?search$': '$1',
      },
      setupFiles: ['<rootDir>/tests/setup/env.js'],
      setupFilesAfterEnv: ['<rootDir>/tests/setup/client.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      // contracts/ is shared by both sides; its own tests need no browser. tests/integration drives
      // the SPA's code against the real server.
      roots: ['<rootDir>/server/test', '<rootDir>/contracts', '<rootDir>/tests/integration'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest, '^.+\\.[cm]?js$': esmToCommonJs },
      // TypeBox ships only ES modules.
      transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
      moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1', '^@contracts/(.*)$': '<rootDir>/contracts/$1' },
      // Closes, at the end of each file, what its tests started and left open (a failed setup's too).
      setupFilesAfterEnv: ['<rootDir>/server/test/setup.ts'],
    },
  ],
}
