import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['account', 'auth', 'campaigns', 'insights', 'notifications', 'payments', 'review'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // A component or hook that outgrows a screen is split by what its parts do (subcomponents,
  // hooks, helpers in utils); one that stays long says why beside it. Tests are left out: a
  // test's length is its story.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // Features stay independent: pages and layouts in src/app compose them (ARCHITECTURE.md, The front end).
  ...FEATURES.map((feature) => {
    const others = FEATURES.filter((other) => other !== feature).join('|');
    return {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^@/features/(?!${feature}/)|^(\\.\\./)+(${others})/`,
                message: 'A feature must not import another feature; compose them in src/app instead.',
              },
            ],
          },
        ],
      },
    };
  }),
  // No function of the API over 80 lines without a reason beside it (an eslint-disable comment
  // that says why): a long function is a split waiting to be made. Tests' describe blocks are
  // lists of cases, so tests are left out.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // The API's walls (ARCHITECTURE.md, The API's layers): the foundation (lib, db, adapters,
  // plugins, config) imports no module, and a module reads another only through its index.ts.
  // Only the composition root (app.ts, composition.ts, server.ts) wires modules together.
  // Tests may reach into what they test.
  {
    files: ['apps/api/src/{lib,db,adapters,plugins}/**/*.ts', 'apps/api/src/config.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)|^(\\.\\./)+(app|composition|server)$',
              message:
                'lib, db, adapters and plugins import no module and not the composition root: a module is handed what it needs in composition.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/',
              message:
                "A module imports another module only through its public face, '../<module>' (its index.ts), never a file inside it.",
            },
            {
              regex: '^(\\.\\./)+(app|composition|server)$',
              message: 'A module does not import the composition root; it is handed what it needs there.',
            },
          ],
        },
      ],
    },
  },
);
