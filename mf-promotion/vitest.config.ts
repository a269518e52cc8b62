import { unitTestConfig } from '../shared/config/vitest.ts'

export default unitTestConfig(import.meta.dirname)
