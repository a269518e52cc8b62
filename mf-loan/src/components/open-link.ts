import { openServerLink, type ServerLinkContext } from 'shared/navigation'

/**
 * Opens a server link through the guard (`openServerLink`) and says whether the page is being replaced: true
 * for a web or in-app navigation; false for a native page key (the bridge opens it over this page, which stays)
 * and for a link the guard refused.
 */
export function openLeavingPage(raw: unknown, context: ServerLinkContext): boolean {
  let handedOff = false
  const opened = openServerLink(raw, {
    ...context,
    bridge: {
      call: (action, payload) => {
        handedOff = true
        context.bridge.call(action, payload)
      },
    },
  })
  return opened && !handedOff
}
