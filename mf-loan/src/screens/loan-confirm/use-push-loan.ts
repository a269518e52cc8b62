import { useRef, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { leftPage, openServerLink, type ServerLinkContext } from 'shared/navigation'
import { SESSION_KEYS } from 'shared/session'
import { pushLoan, type ConfirmVariant, type LoanConfirm } from '../../api/loan-confirm'

interface PushLoanInput {
  http: RemoteProps['http']
  variant: ConfirmVariant
  productId: string
  loan: LoanConfirm
  /** The page's query, carried on to the loan's details. */
  query: Record<string, string>
  linkContext: (extra?: Partial<ServerLinkContext>) => ServerLinkContext
}

/**
 * 'Next' on the confirmation: pushes the loan once (a money call, ADR 0012) and opens its details in place
 * of the page. `sending` while the push is out; `received` when the server took the loan but its details did
 * not replace the page (a refused, empty or native link).
 */
export function usePushLoan({ http, variant, productId, loan, query, linkContext }: PushLoanInput) {
  const [sending, setSending] = useState(false)
  // A ref, not `sending`: two taps in one task both see the state before React re-renders, and each would
  // push and then open the details. Set from the tap until a failed push; for good once the server took it.
  const pushing = useRef(false)
  const [received, setReceived] = useState(false)

  const push = async () => {
    if (pushing.current) return
    pushing.current = true
    setSending(true)
    const url = await pushLoan(http, variant, {
      productId,
      amount: loan.amount,
      periods: loan.periods,
      termUnit: loan.termUnit,
    })
    if (url === null) {
      // No loan was taken, or no answer came (the helper keeps the key: the same tap is the same intent).
      pushing.current = false
      setSending(false)
      return
    }
    // The server took the loan: the intent is done (ADR 0012), so 'Next' never pushes again and the details
    // open once. A link that does not replace the page would leave a dead button: the notice says where the
    // loan is instead of the guard's 'cannot be opened'.
    const opened = openServerLink(
      url,
      linkContext({ append: carriedQuery(query), replace: true, refuse: () => undefined }),
    )
    if (!leftPage(opened)) setReceived(true)
  }

  return { sending, received, push }
}

/**
 * What the loan-details link carries on: the page's query (never the session parameters, which must not
 * reach another origin: DESIGN.md §3) plus `from=confirm`.
 */
function carriedQuery(query: Record<string, string>): Record<string, string> {
  const carried: Record<string, string> = {}
  for (const [key, value] of Object.entries(query)) {
    // Trimmed as the page read its ids (pageOrder).
    if (!(SESSION_KEYS as readonly string[]).includes(key)) carried[key] = value.trim()
  }
  return { ...carried, from: 'confirm' }
}
