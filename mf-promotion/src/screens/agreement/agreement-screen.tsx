import { agreementSections, MESSAGES } from '../../content/messages'

/** The registration agreement (`#/agreementTemplate`). */
export function AgreementScreen({ productName }: { productName: string }) {
  return (
    <article className="promo-page promo-agreement-page" aria-labelledby="promo-agreement-title">
      <h1 id="promo-agreement-title">{MESSAGES.agreementTitle}</h1>
      {agreementSections(productName).map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  )
}
