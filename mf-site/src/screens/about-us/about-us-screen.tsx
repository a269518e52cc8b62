import { MESSAGES } from '../../app/messages'
import { LegalDocument } from '../../components/legal-document'
import { ABOUT_US_SECTIONS } from '../../content/about-us'

export function AboutUsScreen() {
  return (
    <div className="site-page">
      <LegalDocument title={MESSAGES.titles.aboutUs} sections={ABOUT_US_SECTIONS} />
    </div>
  )
}
