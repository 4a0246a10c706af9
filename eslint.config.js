import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { REMOTE_DIRS as remotes } from './shared/src/remotes.js';
import { moduleCyclesPlugin } from './tooling/lint/module-cycles.mjs';

const apiPatterns = [
  { group: ['react', 'react-*', 'styled-components', 'zustand', 'sonner'], message: 'No browser code in the api.' },
  {
    regex: '^@site/shared/(?!contracts/|site-config$|remotes$|dates$|money$)',
    message: 'The api uses only shared contracts, the site config, the remote table and the date and money formatting.',
  },
];

/** A remote never imports another package's source. */
const remotePatterns = (remote) => [
  {
    group: [...remotes.filter((r) => r !== remote).flatMap((r) => [`@site/${r}`, `**/${r}/**`]), '@site/shell', '**/shell/**', '@site/api', '**/api/**'],
    message: 'A remote never imports another package\'s source: compose through federation (shared/remote).',
  },
];

/**
 * Inside a front-end package, a feature never imports another feature: what two features share
 * goes to `components/` (UI) or `lib/`; `app/` composes features. One block per feature folder
 * on disk, with the package's own boundary patterns (a later block's options replace an earlier's).
 */
const featureBlocks = ['shell', ...remotes].flatMap((pkg) => {
  const features = readdirSync(new URL(`./${pkg}/src/features`, import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return features.filter(() => features.length > 1).map((feature) => ({
    files: [`${pkg}/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(pkg === 'shell' ? [] : remotePatterns(pkg)),
            {
              regex: `^(\\.\\./)+(features/)?(${features.filter((other) => other !== feature).join('|')})(/|$)`,
              message: 'A feature never imports another feature: move what they share to components/ or lib/ (app/ composes features).',
            },
          ],
        },
      ],
    },
  }));
});

/** Imports flow one way: shared ← remotes ← shell (at run time only); api sees only shared contracts. */
const boundaries = [
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: remotePatterns(remote) }] },
  })),
  ...featureBlocks,
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@site/shell', '@site/mfe-*', '@site/api', '@site/build', '**/shell/**', '**/mfe-*/**', '**/api/**', '**/tooling/**'], message: 'shared depends on nothing of the apps or their build.' }] },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: apiPatterns }] },
  },
  {
    // A module reaches another's data through that module's service, never its table or repository.
    files: ['api/src/modules/**/*.ts', 'api/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...apiPatterns,
            {
              regex: '^(\\.\\./)+(modules/)?[\\w-]+/(table|repository)$',
              message: "Another module's table or repository: call its service (app.<module>) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // The order record is the orders module's; checkout and fulfilment write it through repositories
    // of their own over its table (decision 009). Their other neighbours' data still goes through services.
    files: ['api/src/modules/checkout/repository.ts', 'api/src/modules/fulfilment/repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: apiPatterns }] },
  },
  {
    // No module calls or imports another that uses it back (decision 009): the lower one is called,
    // never calls back. These groups predate the rule and may not grow: a module joining one, or a
    // new circle, fails.
    files: ['api/src/modules/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    plugins: { modules: moduleCyclesPlugin },
    rules: {
      'modules/no-module-cycle': [
        'error',
        {
          known: [
            ['audit', 'auth', 'mail', 'users'],
            ['events', 'packages'],
            ['page-head', 'releases', 'ssr'],
          ],
        },
      ],
    },
  },
  {
    // E-mail HTML (decision 050) and the api's own pages are rendered on the server with React: no browser code.
    files: ['api/src/modules/mail/layout.ts', 'api/src/lib/site-page.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['e2e/**', 'bench/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['api/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'tooling/**/*.ts', '**/*.{js,mjs}', '*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
  {
    // A service past this size does several jobs: split it by job.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
);
