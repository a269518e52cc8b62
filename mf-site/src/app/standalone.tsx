import { runStandalone } from 'shared/host/standalone'
import { SiteApp } from './site-app'

// `?screen=aboutUs` (or privacyPolicy, loanAgreement) picks a screen; the marketing site is the default.
runStandalone({ root: SiteApp, remote: 'mf_site' })
