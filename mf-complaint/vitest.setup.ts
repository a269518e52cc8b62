import '@testing-library/jest-dom/vitest'
import { setupTestUi } from 'shared/testing'
import { beforeAll } from 'vitest'
import { overlayChunks } from './src/components/lazy-overlays'
import { photoChunk } from './src/screens/complain-page-next/prepare-photo'

setupTestUi()

// The overlays' and the photo resizer's chunks load on demand in the app (after the screen has painted, or on
// use). Loaded up front here, an overlay opens within the same step as when warm in the app, and no download
// started by a test is still running when its file's environment is torn down.
beforeAll(async () => {
  await Promise.all([overlayChunks.popup(), overlayChunks.imageViewer(), photoChunk.load()])
})
