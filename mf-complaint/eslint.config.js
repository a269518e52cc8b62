export { default } from '../shared/config/eslint.config.js'
