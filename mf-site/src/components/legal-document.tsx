import { useId } from 'react'
import type { LegalSection } from '../content/legal-section'
import { EmailAddress } from './email-address'

interface LegalDocumentProps {
  title: string
  sections: readonly LegalSection[]
}

/** A static document: the title as the page's h1, each section under an h2. */
export function LegalDocument({ title, sections }: LegalDocumentProps) {
  const idPrefix = useId()
  return (
    <article className="site-legal">
      <h1 className="site-legal__title">{title}</h1>
      {sections.map((section) => {
        const headingId = `${idPrefix}-${section.id}`
        return (
          <section key={section.id} className="site-legal__section" aria-labelledby={headingId}>
            <h2 id={headingId} className="site-legal__heading">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items && (
              <ul className="site-legal__list">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.email && (
              <p>
                <EmailAddress className="site-link" address={section.email} />
              </p>
            )}
          </section>
        )
      })}
    </article>
  )
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char])
}

/*
 * The frame is sandboxed and its document inherits the page's CSP, so the styles are kept in one <style>
 * element and nothing is loaded from outside.
 */
const FRAME_STYLE = [
  'html{-webkit-text-size-adjust:100%}',
  'body{margin:0;padding:16px;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.6;color:#1f2329;background:#fff;overflow-wrap:break-word}',
  'h1{font-size:22px;line-height:1.3;margin:0 0 16px}',
  'h2{font-size:18px;line-height:1.35;margin:24px 0 8px}',
  'p{margin:0 0 12px}',
  'ul{margin:0 0 12px;padding-left:20px}',
  'li{margin:0 0 6px}',
].join('')

/** The same document as a standalone, HTML-escaped page for an iframe's `srcdoc`. */
export function toHtml(sections: readonly LegalSection[], title: string): string {
  const body = sections
    .map((section) => {
      const parts = [`<h2>${escapeHtml(section.heading)}</h2>`]
      for (const paragraph of section.paragraphs) parts.push(`<p>${escapeHtml(paragraph)}</p>`)
      if (section.items)
        parts.push(`<ul>${section.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`)
      // A sandboxed frame cannot open a mail client, so the address is shown as text to copy.
      if (section.email) parts.push(`<p>${escapeHtml(section.email)}</p>`)
      return `<section>${parts.join('')}</section>`
    })
    .join('')
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${FRAME_STYLE}</style></head>` +
    `<body><article><h1>${escapeHtml(title)}</h1>${body}</article></body></html>`
  )
}
