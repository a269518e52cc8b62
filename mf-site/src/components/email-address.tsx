import { mailtoHref } from 'shared/navigation'
import { copyAndTell } from 'shared/ui'
import { MESSAGES } from '../content/messages'

const m = MESSAGES.emailCopy

/**
 * An e-mail address the visitor can always use: a mail link when the navigation guard takes the address,
 * else the address as a button that copies it ('copy success'), never a link that opens nothing.
 */
export function EmailAddress({ address, className }: { address: string; className: string }) {
  if (!address) return null
  const href = mailtoHref(address)
  if (href) {
    return (
      <a className={className} href={href}>
        {address}
      </a>
    )
  }
  return (
    <button
      type="button"
      className={`${className} site-copy`}
      onClick={() => void copyAndTell(address, { copied: m.copied, failed: m.failed })}
    >
      {address} <span className="site-copy__hint">{m.copy}</span>
    </button>
  )
}
