import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render'
import { createRoot, type Root } from 'react-dom/client'

type Container = (Element | DocumentFragment) & { __loanRoot?: Root }

/**
 * antd-mobile 5 renders its imperative components (Toast, Dialog.show, ImageViewer.show…) with
 * ReactDOM.render, which React 19 removed. Each bundle calls this once before its first imperative call
 * (calling again is harmless). It is not part of any first screen: the module that brings an imperative
 * component calls it (as `./toast` does), so this code loads with that component.
 */
export function setupUi(): void {
  unstableSetRender((node, container: Container) => {
    container.__loanRoot ??= createRoot(container)
    const root = container.__loanRoot
    root.render(node)
    return async () => {
      // Unmounting synchronously inside a render pass warns in React 19.
      await new Promise((resolve) => setTimeout(resolve, 0))
      root.unmount()
      delete container.__loanRoot
    }
  })
}
