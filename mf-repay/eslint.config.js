import { lintConfig } from '../shared/config/eslint.config.js'

export default lintConfig('remote')
