import type { RemoteProps } from 'shared/contract'
import { UiProvider } from 'shared/ui'
import { LoanConfirmScreen } from '../screens/loan-confirm/loan-confirm-screen'
import { JointLoginFailureScreen } from '../screens/joint-login-failure/joint-login-failure-screen'
import { LoanDetailsScreen } from '../screens/loan-details/loan-details-screen'
import { MESSAGES } from '../content/messages'
import 'shared/ui/tokens.css'
import './loan.css'

/** Chooses the screen the shell asked for. */
export function LoanApp(props: RemoteProps) {
  // A new screen or query starts the screen afresh (its calls and local state belong to that page).
  const key = `${props.screen}?${new URLSearchParams(props.query).toString()}`
  return (
    <UiProvider locale={props.locale}>
      <main className="ui-app ui-app--inset">
        <LoanScreenSwitch key={key} {...props} />
      </main>
    </UiProvider>
  )
}

function LoanScreenSwitch(props: RemoteProps) {
  switch (props.screen) {
    case 'loanDetails':
      return <LoanDetailsScreen {...props} />
    case 'jointLoginFailure':
      return <JointLoginFailureScreen {...props} />
    case 'loanConfirm':
      return <LoanConfirmScreen {...props} variant="v1" />
    case 'confirmByPeriod':
      return <LoanConfirmScreen {...props} variant="v1" byPeriod />
    case 'loanConfirmNew':
      return <LoanConfirmScreen {...props} variant="v2" />
    default:
      // A screen the route table names but this version does not have (a newer table, an older remote).
      return <NotBuilt />
  }
}

function NotBuilt() {
  return (
    <div className="ui-error">
      <h1 className="ui-error__title">{MESSAGES.common.notAvailable}</h1>
      <p className="ui-error__text">{MESSAGES.common.notAvailableBody}</p>
    </div>
  )
}
