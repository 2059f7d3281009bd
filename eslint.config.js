// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noOuterDbInTransaction from './apps/server/lint/no-outer-db-in-transaction.mjs';
import tseslint from 'typescript-eslint';

/** Web features never import each other (bulletproof-react's rule, STYLE.md "Layout"). */
const featuresDir = path.join(import.meta.dirname, 'apps/web/src/features');
const webFeatures = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * A server module imports another only through its public face, `<name>.service.ts` or `index.ts`
 * (STYLE.md "Layout"); never its routes, runtime or internals.
 */
const modulesDir = path.join(import.meta.dirname, 'apps/server/src/modules');
const serverModules = existsSync(modulesDir)
  ? readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const publicFaces = serverModules.flatMap((name) => [
  `./${name}/${name}.service.ts`,
  `./${name}/index.ts`,
]);
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-e2e/**',
      // The embedded databases of the journeys (one is rebuilt while the lint runs beside it).
      '.data-*/',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/server/*.mjs', '.ci/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Fastify hooks and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
    settings: {
      'import-x/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
        },
      },
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // Boundaries between the apps and the shared package (DESIGN.md section 2).
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sorteio/server', '@sorteio/web', '**/apps/**'],
              message: 'shared imports nothing of the apps.',
            },
            {
              group: [
                'pg',
                'drizzle-orm',
                'drizzle-orm/*',
                '@electric-sql/*',
                'react',
                'react-dom',
                'node:*',
              ],
              message: 'shared never imports a database, DOM or Node library.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sorteio/server', '**/apps/server/**', '**/server/src/**'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**', 'apps/web/src/components/**', 'apps/web/src/lib/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in src/app.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Flow is app -> features, never back.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared components and lib import no feature or app code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**'],
    // The outer database handle inside its own transaction wedges the embedded database.
    plugins: { local: { rules: { 'no-outer-db-in-transaction': noOuterDbInTransaction } } },
    rules: {
      'local/no-outer-db-in-transaction': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sorteio/web', '**/apps/web/**', 'react', 'react-dom'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**'],
    // Tests (and their helpers) may reach into any module to set up a case.
    ignores: ['**/*.test.ts', 'apps/server/src/modules/**/fake-*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverModules.map((name) => ({
            target: `./apps/server/src/modules/${name}`,
            from: './apps/server/src/modules',
            except: [`./${name}`, ...publicFaces],
            message:
              'A module imports another only through its public face: export what is needed from modules/<other>/<other>.service.ts or modules/<other>/index.ts (a re-export is fine) and import it from there.',
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'scripts/**', 'apps/server/src/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      'no-console': 'off',
    },
  },
);
