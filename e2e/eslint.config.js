import { lintConfig } from '../shared/config/eslint.config.js'

// The monolithic benchmark build compiles the shell's and the remotes' sources as one app (e2e/perf/README.md).
export default lintConfig('e2e', { allowSourceImports: ['perf/monolith/**'] })
