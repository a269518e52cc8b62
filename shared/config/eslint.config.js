// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The one lint configuration; each package's eslint.config.js re-exports it.
 * Imports flow one way: shared -> remote -> shell, and a remote never imports another remote.
 */
export default tseslint.config(
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd-mobile',
              message:
                "Import antd-mobile by path (antd-mobile/es/components/<name>): its root module is marked side-effectful and keeps every component's CommonJS dependencies in the first screen, and tests would get a second copy (docs/decisions/0008).",
            },
          ],
          patterns: [
            { group: ['mf-*', '../mf-*', '../../mf-*'], message: 'A remote never imports another remote.' },
            {
              group: ['shared/src/*', '**/shared/src/*'],
              message: 'Import shared through its subpath exports.',
            },
          ],
        },
      ],
    },
  },
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
