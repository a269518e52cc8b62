import { MESSAGES } from '../../app/messages'
import { LegalDocument } from '../../components/legal-document'
import { PRIVACY_POLICY_SECTIONS } from '../../content/privacy-policy'

export function PrivacyPolicyScreen() {
  return (
    <div className="site-page">
      <LegalDocument title={MESSAGES.titles.privacyPolicy} sections={PRIVACY_POLICY_SECTIONS} />
    </div>
  )
}
