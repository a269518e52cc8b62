import type { MultiImageViewerProps } from 'antd-mobile/es/components/image-viewer/image-viewer'
import type { PopupProps } from 'antd-mobile/es/components/popup'
// Their styles come with the screens' stylesheet: a stylesheet that failed to load with an on-demand chunk
// would not be requested again on Try again (Vite's preload helper remembers it), leaving the overlay unstyled.
import 'antd-mobile/es/components/image-viewer/image-viewer.css'
import 'antd-mobile/es/components/mask/mask.css'
import 'antd-mobile/es/components/popup/popup.css'
import 'antd-mobile/es/components/safe-area/safe-area.css'
import { onDemand } from 'shared/ui/on-demand'
import { LoadFailed } from './screen-parts'

/**
 * The overlays' chunks (antd-mobile's Popup and ImageViewer with react-spring and @use-gesture), kept out of
 * the screens' first download. One object, so a test can make a download fail.
 */
export const overlayChunks = {
  popup: () => import('antd-mobile/es/components/popup'),
  // The component itself: the package's index adds `ImageViewer.show`, which needs antd's imperative renderer.
  imageViewer: () => import('antd-mobile/es/components/image-viewer/image-viewer'),
}

/** antd-mobile's `Popup`, loaded on demand (see `onDemand`). */
export const LazyPopup = onDemand<PopupProps>(
  () => overlayChunks.popup().then((module) => module.default),
  LoadFailed,
)

/** antd-mobile's `ImageViewer.Multi`, loaded on demand (see `onDemand`). */
export const LazyImageViewer = onDemand<MultiImageViewerProps>(
  () => overlayChunks.imageViewer().then((module) => module.MultiImageViewer),
  LoadFailed,
)
