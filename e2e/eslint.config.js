import globals from 'globals'
import { lintConfig } from '../shared/config/eslint.config.js'

// The monolithic benchmark build compiles the shell's and the remotes' sources as one app (e2e/perf/README.md).
export default [
  ...lintConfig('e2e', { allowSourceImports: ['perf/monolith/**'] }),
  // Lighthouse CI reads its configuration with require(): this one file is CommonJS.
  {
    files: ['lighthouserc.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]
