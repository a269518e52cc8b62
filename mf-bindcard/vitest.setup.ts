import '@testing-library/jest-dom/vitest'
import { setupTestUi } from 'shared/testing'
import { beforeAll } from 'vitest'
import { overlayChunks } from './src/components/lazy-overlays'

setupTestUi()

// The pickers' popup loads on demand in the app. Loaded up front here, a picker opens within the same step as
// when warm in the app, and no download started by a test is still running when its environment is torn down.
beforeAll(async () => {
  await overlayChunks.popup()
})
