import '@testing-library/jest-dom/vitest'
import { setupTestUi } from './src/testing/testing'

setupTestUi()
