import type { RemoteProps } from 'shared/contract'
import { UiProvider } from 'shared/ui'
import { ComplaintDetailsScreen } from '../screens/complain-details/complaint-details-screen'
import { ComplaintFormScreen } from '../screens/complain-page-next/complaint-form-screen'
import { ComplaintListScreen } from '../screens/complaint-list/complaint-list-screen'
import { ComplaintScreen } from '../screens/complaint/complaint-screen'
import { CustomerServiceScreen } from '../screens/customer-service/customer-service-screen'
import 'shared/ui/tokens.css'
import './complaint.css'

/** Chooses the screen the shell asked for; an unknown screen falls back to the complaint entry. */
export function ComplaintApp(props: RemoteProps) {
  // A new screen or query starts the screen afresh (its calls and local state belong to that page).
  const key = `${props.screen}?${new URLSearchParams(props.query).toString()}`
  return (
    <UiProvider locale={props.locale}>
      <div className="ui-app complaint-app">
        <ComplaintScreenSwitch key={key} {...props} />
      </div>
    </UiProvider>
  )
}

function ComplaintScreenSwitch(props: RemoteProps) {
  switch (props.screen) {
    case 'complainPageNext':
      return <ComplaintFormScreen {...props} />
    case 'complaintList':
      return <ComplaintListScreen {...props} />
    case 'complainDetails':
      return <ComplaintDetailsScreen {...props} />
    case 'customerService':
      return <CustomerServiceScreen {...props} />
    default:
      return <ComplaintScreen {...props} />
  }
}
