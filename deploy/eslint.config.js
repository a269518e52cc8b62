import base from '../shared/config/eslint.config.js'

export default [
  ...base,
  // The deploy host aggregates every remote's demo handlers; it is not a remote.
  { rules: { 'no-restricted-imports': 'off' } },
]
