import type { Settings } from 'shared/contract'
import { MESSAGES } from '../../content/messages'
import { LegalDocument } from '../../components/legal-document'
import { privacyPolicySections } from '../../content/privacy-policy'
import { lenderOf } from '../../content/lender'

export function PrivacyPolicyScreen({ settings }: { settings: Settings }) {
  return (
    <div className="site-page">
      <LegalDocument
        title={MESSAGES.titles.privacyPolicy}
        sections={privacyPolicySections(lenderOf(settings))}
      />
    </div>
  )
}
