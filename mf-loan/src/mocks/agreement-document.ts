import { http, HttpResponse } from 'msw'
import { apiPath, demoSecondOrigin } from 'shared/mocks'

/**
 * Where the demo serves the loan agreement its confirmations name in `popAgreementUrl`: under the API base, so
 * the Node server and nginx both pass it to the demo API, and on the demo's second origin, so the pop-up frames
 * a document from another host as it does in production (ADR 0034).
 */
export const DEMO_AGREEMENT_PATH = '/demo-documents/loan-agreement'

/** The demo's `popAgreementUrl` in the answer to `request`. */
export function demoAgreementUrl(request: Request): string {
  return `${demoSecondOrigin(request)}/utilities${DEMO_AGREEMENT_PATH}`
}

/** An agreement on the demo's https contracts host, for tests that build an answer without a request. */
export const TEST_AGREEMENT_URL = 'https://contracts.cashloan-demo.ph/loan-agreement'

export const DEMO_AGREEMENT_HEADING = 'Loan Agreement'
export const DEMO_AGREEMENT_NOTICE =
  'Demo document: served by the demo so that the pop-up has an agreement to show. It is not a loan agreement and binds no one.'

const SECTIONS: [string, string][] = [
  ['Loan Amount', 'The Lender lends the Borrower the amount shown on the loan confirmation page.'],
  ['Loan Term', 'The Borrower repays the loan by the dates of the repayment plan shown with it.'],
  ['Interest', 'Interest is charged at the rate shown on the loan confirmation page.'],
  [
    'Late Payment Penalties and Fees',
    'An amount not repaid by its date is charged the penalties and late interest of the loan terms.',
  ],
  ['Prolongation', 'The Borrower may ask to extend the term where the app offers a rollover.'],
]

/** Text inside the demo's own markup; none of it comes from a request. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const DOCUMENT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DEMO_AGREEMENT_HEADING} (demo)</title>
<style>
body { margin: 16px; font: 15px/1.5 system-ui, sans-serif; color: #1f2329; background: #fff; }
h1 { font-size: 20px; margin: 0 0 8px; }
h2 { font-size: 16px; margin: 20px 0 4px; }
.notice { padding: 8px 12px; background: #fff7e6; border-radius: 8px; }
</style>
</head>
<body>
<h1>${DEMO_AGREEMENT_HEADING}</h1>
<p class="notice">${escape(DEMO_AGREEMENT_NOTICE)}</p>
${SECTIONS.map(([title, text], index) => `<h2>${index + 1}. ${escape(title)}</h2>\n<p>${escape(text)}</p>`).join('\n')}
</body>
</html>
`

/**
 * Serves the demo agreement: a plain document that runs nothing (its own CSP), frameable like an agreement
 * host's page (no `frame-ancestors`, no `X-Frame-Options`).
 */
export const demoAgreementDocument = http.get(
  apiPath(DEMO_AGREEMENT_PATH),
  () =>
    new HttpResponse(DOCUMENT, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    }),
)
