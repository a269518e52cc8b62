import type { PopupProps } from 'antd-mobile/es/components/popup'
// Their styles come with the screen's stylesheet: a stylesheet that failed to load with an on-demand chunk
// would not be requested again on Try again (Vite's preload helper remembers it), leaving the popup unstyled.
import 'antd-mobile/es/components/mask/mask.css'
import 'antd-mobile/es/components/popup/popup.css'
import 'antd-mobile/es/components/safe-area/safe-area.css'
import { onDemand } from 'shared/ui/on-demand'
import { LoadFailed } from './screen-parts'

/**
 * The pickers' popup chunk (antd-mobile's Popup with react-spring and @use-gesture), kept out of the screen's
 * first download. One object, so a test can make a download fail.
 */
export const overlayChunks = {
  popup: () => import('antd-mobile/es/components/popup'),
}

/** antd-mobile's `Popup`, loaded on demand (see `onDemand`). */
export const LazyPopup = onDemand<PopupProps>(
  () => overlayChunks.popup().then((module) => module.default),
  LoadFailed,
)
