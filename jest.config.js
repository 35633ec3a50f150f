// One jest run for the whole workspace. TypeScript is compiled by SWC as ESM;
// workspace packages resolve to their sources through the "source" export condition.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      },
    ],
  },
  // eventsource and eventsource-parser (under the MCP SDK's client) export their TypeScript
  // sources under the "source" condition we resolve with: compile those like ours.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/eventsource(-parser)?@|eventsource(-parser)?/))'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/{apps,deploy}/*/test/**/*.test.ts', '<rootDir>/{libs,services,deploy}/*/src/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  // Hooks start whole stacks (PGlite, Chromium, NATS); on a loaded 2-core machine they take longer than a minute.
  testTimeout: 120000,
  maxWorkers: 2,
  // A worker that ran many stacks keeps what ESM module registries and PGlite leave behind: in one CI
  // run both workers grew past 3.5 GB, V8 spent their CPU collecting, and hooks timed out. A worker
  // over this after a suite is replaced by a fresh one (a few seconds each time).
  workerIdleMemoryLimit: '1500MB',
  // A leaked handle (a browser or socket a failing suite did not close) must never hang CI.
  forceExit: true,
};
