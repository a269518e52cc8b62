import type { RemoteProps } from 'shared/contract'
import { formatDateText, formatPesos } from 'shared/format'
import { getDelay, type Delay, type PlanRow } from '../../api/repay-detail'
import { MESSAGES } from '../../content/messages'
import { ProductHead } from '../../components/product-head'
import { RepayPage, type Repayment } from '../../components/repay-page'

const m = MESSAGES.delay

const EXTENSION: Repayment<Delay> = {
  get: getDelay,
  amountOf: (data) => data.delayInfo.delayAmount,
  delay: true,
}

/** Extension (rollover) repayment (`/delayRepay`). */
export function DelayRepayScreen(props: RemoteProps) {
  return (
    <RepayPage
      remote={props}
      repayment={EXTENSION}
      label={(data) => data.delayInfo.title || m.title}
      dateLabel={m.nextDate}
    >
      {(data) => (
        <section className="repay-card" aria-labelledby="delay-plan">
          <ProductHead name={data.productName} logo={data.productLogo} />
          <h2 id="delay-plan" className="repay-card__title">
            {m.plan}
          </h2>
          <Plan rows={data.repayPlan} rupee={props.settings.rupee} />
        </section>
      )}
    </RepayPage>
  )
}

/** The plan's rows: amounts in pesos (`formatPesos`), times as YYYY-MM-DD (`formatDateText`). */
function Plan({ rows, rupee }: { rows: readonly PlanRow[]; rupee: boolean }) {
  return (
    <ol className="repay-plan">
      {rows.map((row, index) => (
        <li className="repay-plan__row" key={`${row.title}-${index}`}>
          <span className="repay-plan__title">{row.title}</span>
          <strong className="repay-plan__amount">{formatPesos(row.amount, { rupee })}</strong>
          <span className="repay-plan__remark">{row.remark}</span>
          <span className="repay-plan__time">{formatDateText(row.time)}</span>
        </li>
      ))}
    </ol>
  )
}
