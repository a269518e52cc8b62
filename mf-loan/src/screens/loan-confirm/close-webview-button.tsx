import type { RemoteProps } from 'shared/contract'

/** A dialog's Cancel that declines the loan: the app closes the web view. */
export function CloseWebviewButton({ bridge, label }: { bridge: RemoteProps['bridge']; label: string }) {
  return (
    <button type="button" className="ui-button ui-button--ghost" onClick={() => bridge.call('closeWebview')}>
      {label}
    </button>
  )
}
