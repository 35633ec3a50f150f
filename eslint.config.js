// ESLint 9 flat config: type-aware typescript-eslint rules that catch real defects (unhandled promises, dead
// bindings, loose equality, needless assertions). Style is Prettier's job, so no stylistic rules live here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.tools/**',
      'proto/**',
      'libs/client/src/generated/**',
      'coverage/**',
      'bench/out/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  {
    files: ['{libs,services,apps}/*/{src,test,scripts}/**/*.{ts,tsx}', 'deploy/embedded/{src,test,scripts}/**/*.ts', 'bench/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': 'error',
      'no-var': 'error',
      'no-return-assign': 'error',
      'no-self-compare': 'error',
      'no-unreachable-loop': 'error',
      'no-constructor-return': 'error',
      // The codebase validates at the boundaries with zod; `any` arrives from JSON and third-party types, and
      // these rules would flag every such hand-off without finding defects.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      // `String(x)` on an `unknown` narrowed by a truthiness check is deliberate (error text, log detail).
      '@typescript-eslint/no-base-to-string': 'off',
      // Rejecting with whatever a caught `unknown` was keeps the original error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Walking a parent chain starts from `this`; that is not the `const self = this` pattern the rule targets.
      '@typescript-eslint/no-this-alias': 'off',
      // Module functions destructured from a namespace (gifenc) and callbacks typed as methods do not use `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The gateway's render domain knows nothing of HTTP: routes call it and write the answers (routes/respond-render.ts).
    files: ['services/gateway/src/renders/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'express', message: 'renders/ is the domain; HTTP requests and responses belong to routes/.' }],
          patterns: [
            {
              group: ['**/routes/*', '**/routes'],
              message: 'renders/ never imports routes/ (HTTP); move the shared part into renders/ or a library.',
            },
          ],
        },
      ],
    },
  },
);
