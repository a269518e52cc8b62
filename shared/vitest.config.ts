import { unitTestConfig } from './config/vitest.ts'

export default unitTestConfig(import.meta.dirname)
