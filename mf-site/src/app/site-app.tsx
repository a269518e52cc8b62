import type { RemoteProps } from 'shared/contract'
import { UiProvider } from 'shared/ui'
import { AboutUsScreen } from '../screens/about-us/about-us-screen'
import { LoanAgreementScreen } from '../screens/loan-agreement/loan-agreement-screen'
import { PrivacyPolicyScreen } from '../screens/privacy-policy/privacy-policy-screen'
import { SiteScreen } from '../screens/site/site-screen'
import 'shared/ui/tokens.css'
import './site.css'

/** Chooses the screen the shell asked for; an unknown screen falls back to the marketing site. */
export function SiteApp(props: RemoteProps) {
  return (
    <UiProvider locale={props.locale}>
      <SiteScreenSwitch {...props} />
    </UiProvider>
  )
}

function SiteScreenSwitch(props: RemoteProps) {
  switch (props.screen) {
    case 'aboutUs':
      return (
        <main className="site-app-page">
          <AboutUsScreen settings={props.settings} />
        </main>
      )
    case 'privacyPolicy':
      return (
        <main className="site-app-page">
          <PrivacyPolicyScreen settings={props.settings} />
        </main>
      )
    case 'loanAgreement':
      return (
        <main className="site-app-page">
          <LoanAgreementScreen settings={props.settings} />
        </main>
      )
    default:
      return <SiteScreen {...props} />
  }
}
