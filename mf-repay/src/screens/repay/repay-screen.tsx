import { useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatDetailValue } from 'shared/format'
import { getInstalment, type DetailLine, type Instalment } from '../../api/repay-detail'
import { MESSAGES } from '../../content/messages'
import { ProductHead } from '../../components/product-head'
import { RepayPage, type Repayment } from '../../components/repay-page'

const m = MESSAGES.repay

/** The detail list shows this many rows until 'more'. */
export const COLLAPSED_ROWS = 2

const INSTALMENT: Repayment<Instalment> = {
  get: getInstalment,
  amountOf: (data) => data.repayAmount,
  delay: false,
}

/** Instalment repayment (`/repay`). */
export function RepayScreen(props: RemoteProps) {
  return (
    <RepayPage
      remote={props}
      repayment={INSTALMENT}
      label={() => m.repayAmount}
      dateLabel={`${m.repayDate}:`}
    >
      {(data) => (
        <section className="repay-card" aria-label={m.details}>
          <ProductHead name={data.productName} logo={data.productLogo} />
          <DetailList lines={data.detail} rupee={props.settings.rupee} />
        </section>
      )}
    </RepayPage>
  )
}

/** The detail rows, collapsed to two until 'more'; 'hide' collapses them again. */
function DetailList({ lines, rupee }: { lines: readonly DetailLine[]; rupee: boolean }) {
  const [expanded, setExpanded] = useState(false)
  if (lines.length === 0) return null
  const shown = expanded ? lines : lines.slice(0, COLLAPSED_ROWS)
  return (
    <>
      <dl className="repay-lines">
        {shown.map((line, index) => (
          <div className="repay-line" key={`${line.text}-${index}`}>
            <dt>{line.text}</dt>
            {/* Free text: a bare amount in the peso format, a timestamp as a date, words as they are. */}
            <dd>{formatDetailValue(line.value, { rupee })}</dd>
          </div>
        ))}
      </dl>
      {lines.length > COLLAPSED_ROWS && (
        <button
          type="button"
          className="repay-link repay-lines__toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? m.hide : m.more}
        </button>
      )}
    </>
  )
}
