import type { RemoteProps } from 'shared/contract'
import { UiProvider } from 'shared/ui'
import { DelayRepayScreen } from '../screens/delay-repay/delay-repay-screen'
import { LegacyRepayScreen } from '../screens/legacy-repay/legacy-repay-screen'
import { PaymentInstructionsScreen } from '../screens/payment-instructions/payment-instructions-screen'
import { RepayScreen } from '../screens/repay/repay-screen'
import { RepaymentCodeScreen } from '../screens/repayment-code/repayment-code-screen'
import { RepaymentCode2Screen } from '../screens/repayment-code/repayment-code2-screen'
import { MESSAGES } from '../content/messages'
import 'shared/ui/tokens.css'
import './repay.css'

/** Chooses the screen the shell asked for. */
export function RepayApp(props: RemoteProps) {
  // A new screen or query starts the screen afresh (its calls and local state belong to that page).
  const key = `${props.screen}?${new URLSearchParams(props.query).toString()}`
  return (
    <UiProvider locale={props.locale}>
      <main className="ui-app ui-app--inset">
        <RepayScreenSwitch key={key} {...props} />
      </main>
    </UiProvider>
  )
}

function RepayScreenSwitch(props: RemoteProps) {
  switch (props.screen) {
    case 'repay':
      return <RepayScreen {...props} />
    case 'delayRepay':
      return <DelayRepayScreen {...props} />
    case 'repaymentOfCode':
      return <RepaymentCodeScreen {...props} />
    case 'repaymentOfCode2':
      return <RepaymentCode2Screen {...props} />
    case 'paymentInstructions':
      return <PaymentInstructionsScreen />
    case 'legacyRepay':
      return <LegacyRepayScreen {...props} />
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
