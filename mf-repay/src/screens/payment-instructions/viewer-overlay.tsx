import type { MultiImageViewerProps } from 'antd-mobile/es/components/image-viewer/image-viewer'
// With the screen's stylesheet: a stylesheet that failed to load with an on-demand chunk would not be
// requested again on Try again (Vite's preload helper remembers it), leaving the viewer unstyled.
import 'antd-mobile/es/components/image-viewer/image-viewer.css'
import 'antd-mobile/es/components/mask/mask.css'
import 'antd-mobile/es/components/safe-area/safe-area.css'
import { onDemand } from 'shared/ui/on-demand'
import { LoadFailed } from '../../components/screen-parts'

/**
 * The viewer's chunk (antd-mobile's ImageViewer with react-spring and @use-gesture), kept out of the page's
 * first download. One object, so a test can make the download fail.
 */
export const viewerChunk = {
  // The component itself: the package's index adds `ImageViewer.show`, which needs antd's imperative renderer.
  load: () => import('antd-mobile/es/components/image-viewer/image-viewer'),
}

/** antd-mobile's `ImageViewer.Multi` (swipe between pictures, a tap closes), loaded on demand. */
export const LazyImageViewer = onDemand<MultiImageViewerProps>(
  () => viewerChunk.load().then((module) => module.MultiImageViewer),
  LoadFailed,
)
