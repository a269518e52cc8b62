import { lintConfig } from './config/eslint.config.js'

export default lintConfig('shared')
