import type { Settings } from 'shared/contract'
import type { Http } from 'shared/http'
import { COMPANY, MESSAGES } from '../../app/messages'
import { EmailAddress } from '../../components/email-address'
import { useContactDetails } from './use-contact-details'

/** A dialable form of a displayed number: digits and a leading plus only. */
function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return /\d/.test(digits) ? `tel:${digits}` : null
}

export function SiteFooter({ http, settings }: { http: Http; settings: Settings }) {
  const { phone, email } = useContactDetails(http, settings)
  const phoneHref = telHref(phone)
  const m = MESSAGES.footer
  return (
    <footer className="site-footer" aria-label={m.label}>
      <dl className="site-footer__details">
        <div className="site-footer__row">
          <dt>{m.phone}</dt>
          <dd>
            {phoneHref ? (
              <a className="site-footer__link" href={phoneHref}>
                {phone}
              </a>
            ) : (
              phone
            )}
          </dd>
        </div>
        <div className="site-footer__row">
          <dt>{m.email}</dt>
          <dd>
            <EmailAddress className="site-footer__link" address={email} />
          </dd>
        </div>
        <div className="site-footer__row">
          <dt>{m.address}</dt>
          <dd>{COMPANY.address}</dd>
        </div>
      </dl>
      <p className="site-footer__legal">{m.registration}</p>
      <p className="site-footer__legal">{m.copyright(new Date().getFullYear())}</p>
    </footer>
  )
}
