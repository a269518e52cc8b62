import '@testing-library/jest-dom/vitest'
import { setupTestUi } from 'shared/testing'

setupTestUi()
