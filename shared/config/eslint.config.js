// @ts-check
import { basename } from 'node:path'
import js from '@eslint/js'
import compat from 'eslint-plugin-compat'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The one lint configuration; each package's eslint.config.js calls `lintConfig(role)`. Imports flow one
 * way: shared ← remotes, shared ← shell; deploy and e2e use packages by name. Nobody reaches into another
 * package's `src/` by path, a remote never imports another remote or the shell, shared imports no app.
 */

/** `kebab-case.role.ext`: lower-case words joined by `-`, then dot-separated parts (`x.test.tsx`). */
const KEBAB_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/

/** A tiny local plugin: the house naming rule needs no dependency. */
const house = {
  rules: {
    'kebab-case-files': {
      meta: { type: 'suggestion', schema: [], messages: { name: 'File names are kebab-case: "{{name}}".' } },
      /** @param {import('eslint').Rule.RuleContext} context */
      create(context) {
        return {
          Program(node) {
            const name = basename(context.filename)
            if (!KEBAB_FILE.test(name)) context.report({ node, messageId: 'name', data: { name } })
          },
        }
      },
    },
  },
}

const ANTD_ROOT = {
  name: 'antd-mobile',
  message:
    "Import antd-mobile by path (antd-mobile/es/components/<name>): its root module is marked side-effectful and keeps every component's CommonJS dependencies in the first screen, and tests would get a second copy (docs/decisions/0008).",
}

const INTO_SRC = {
  group: ['../*/src/**', '../../**/src/**', 'shared/src/*'],
  message:
    'Import another package by its name and subpath export (shared/http), never from its src/ by path.',
}

const pkg = (/** @type {string[]} */ names, /** @type {string} */ message) => ({
  group: names.flatMap((n) => [n, `${n}/*`]),
  message,
})

/** @type {Record<string, { group: string[], message: string }[]>} */
const BOUNDARIES = {
  shared: [pkg(['shell', 'deploy', 'e2e', 'mf-*'], 'shared is a library: it imports no app.')],
  remote: [
    pkg(['mf-*'], 'A remote never imports another remote (DESIGN.md §1).'),
    pkg(['shell', 'deploy', 'e2e'], 'A remote gets everything from the shell through its props.'),
  ],
  shell: [pkg(['mf-*', 'deploy', 'e2e'], 'The shell loads remotes at runtime; it imports none.')],
  // The deploy host serves every remote's demo handlers (`mf-x/mocks`): it imports no remote's screens.
  deploy: [pkg(['shell', 'e2e'], 'deploy imports no shell code.')],
  e2e: [],
}

/**
 * A remote reads top-down: `src/app/` composes the screens, and nothing below it reaches back up. Test support
 * that mounts the whole remote lives beside it, in `src/testing/`.
 */
const INTO_APP = {
  group: ['./app', './app/*', '**/app', '**/app/*'],
  message:
    'app/ composes the screens: screens, components, api, content and mocks never import from it (strings are in src/content/messages.ts; a test mounts the remote through src/testing/).',
}

/** The folders of a remote below `src/app/`. */
const BELOW_APP = ['src/screens/**', 'src/components/**', 'src/api/**', 'src/content/**', 'src/mocks/**']

/** Packages whose `src/` is built into what borrowers' phones run; deploy and e2e run in Node. */
const SHIPS_TO_PHONES = ['shared', 'remote', 'shell']

/**
 * @param {'shared' | 'remote' | 'shell' | 'deploy' | 'e2e'} role
 * @param {{ allowSourceImports?: string[] }} [options] files that may import other packages' src (the
 *   monolithic benchmark build, which compiles the shell and the remotes' sources as one app)
 */
export function lintConfig(role, options = {}) {
  return tseslint.config(
    {
      ignores: [
        'dist',
        '.tsbuild',
        'coverage',
        'test-results',
        'playwright-report',
        '**/.__mf__temp',
        'cdn',
        '.nginx',
        '**/.build',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      languageOptions: { globals: { ...globals.browser, ...globals.node }, ecmaVersion: 2023 },
      plugins: { 'react-hooks': reactHooks, house },
      rules: {
        ...reactHooks.configs.recommended.rules,
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        'house/kebab-case-files': 'error',
        'no-restricted-imports': ['error', { paths: [ANTD_ROOT], patterns: [INTO_SRC, ...BOUNDARIES[role]] }],
      },
    },
    {
      // Promises nobody awaits or handles lose their errors; a promise where a callback returns void is
      // never awaited. Both need types, so only TypeScript sources (each package's tsconfig) are checked.
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: process.cwd() } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-misused-promises': 'error',
      },
    },
    ...(options.allowSourceImports?.length
      ? [
          {
            files: options.allowSourceImports,
            rules: {
              'no-restricted-imports': ['error', { paths: [ANTD_ROOT], patterns: BOUNDARIES[role] }],
            },
          },
        ]
      : []),
    ...(role === 'remote'
      ? [
          {
            files: BELOW_APP,
            rules: {
              'no-restricted-imports': [
                'error',
                { paths: [ANTD_ROOT], patterns: [INTO_SRC, ...BOUNDARIES.remote, INTO_APP] },
              ],
            },
          },
        ]
      : []),
    ...(SHIPS_TO_PHONES.includes(role)
      ? [
          {
            // What reaches a borrower's phone may use only what every engine of the support floor has (the root
            // .browserslistrc, ADR 0045), ES built-ins included. Tests, demo handlers and test helpers run in
            // Node or in the test browser, never on a phone.
            files: ['src/**/*.{ts,tsx,js}'],
            ignores: ['**/*.test.*', '**/mocks/**', 'src/testing/**'],
            plugins: { compat },
            settings: { lintAllEsApis: true },
            rules: { 'compat/compat': 'error' },
          },
        ]
      : []),
    {
      files: ['mf-*/src/**', 'src/**'],
      ignores: ['**/*.test.*', '**/mocks/**'],
      rules: {
        'no-restricted-globals': [
          'error',
          { name: 'location', message: 'Navigate through props.navigate or shared/navigation.' },
        ],
      },
    },
  )
}
