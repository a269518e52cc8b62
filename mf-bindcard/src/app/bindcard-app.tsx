import type { RemoteProps } from 'shared/contract'
import { UiProvider } from 'shared/ui'
import { BindBankScreen } from '../screens/bind-bank/bind-bank-screen'
import 'shared/ui/tokens.css'
import './bindcard.css'

/** The remote's one screen, `/bindBank`; any `screen` shows it. */
export function BindcardApp(props: RemoteProps) {
  // A new query starts the screen afresh (its call and typed values belong to that page).
  const key = `${props.screen}?${new URLSearchParams(props.query).toString()}`
  return (
    <UiProvider locale={props.locale}>
      <div className="ui-app bind-app">
        <BindBankScreen key={key} {...props} />
      </div>
    </UiProvider>
  )
}
