import type { Settings } from 'shared/contract'
import { MESSAGES } from '../../content/messages'
import { LegalDocument } from '../../components/legal-document'
import { aboutUsSections } from '../../content/about-us'
import { lenderOf } from '../../content/lender'

export function AboutUsScreen({ settings }: { settings: Settings }) {
  return (
    <div className="site-page">
      <LegalDocument title={MESSAGES.titles.aboutUs} sections={aboutUsSections(lenderOf(settings))} />
    </div>
  )
}
