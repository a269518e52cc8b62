import { runStandalone } from 'shared/host/standalone'
import { SiteApp } from './site-app'

// `?screen=aboutUs` (or privacyPolicy, loanAgreement) picks a screen; the marketing site is the default.
runStandalone({
  root: SiteApp,
  screens: ['site', 'aboutUs', 'privacyPolicy', 'loanAgreement'],
  routes: { '/aboutUs': 'aboutUs', '/privacyPolicy': 'privacyPolicy', '/loanAgreement': 'loanAgreement' },
})
