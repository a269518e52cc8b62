import { MESSAGES } from '../content/messages'

/** The statuses with an icon of their own (the spec); any other status shows 200's, except as below. */
export const ICON_STATUSES = ['21', '151', '110', '174', '180', '200'] as const
type IconStatus = (typeof ICON_STATUSES)[number]

/**
 * Statuses shown with another status's icon. By the spec's letter 170 takes 200's, a green settled tick, but
 * 170 is a loan that is due (the spec's "repay-related 170, 174, 180", with a 'Repayment' button): a due
 * loan must not look paid, so it takes 174's due icon (README.md, Decisions).
 */
const BORROWED_ICONS = new Map<string, IconStatus>([['170', '174']])

export function iconFor(status: string): IconStatus {
  if ((ICON_STATUSES as readonly string[]).includes(status)) return status as IconStatus
  return BORROWED_ICONS.get(status) ?? '200'
}

const COLOURS: Record<IconStatus, string> = {
  '21': '#13a10e',
  '151': '#cf1322',
  '110': '#1677ff',
  '174': '#d46b08',
  '180': '#cf1322',
  '200': '#13a10e',
}

/** The mark inside each status's circle. */
const MARKS: Record<IconStatus, string> = {
  // Money ready: an arrow into a tray.
  '21': 'M24 12v16m-7-7 7 7 7-7M14 34h20',
  // Not approved: a cross.
  '151': 'M17 17l14 14m0-14L17 31',
  // Under review: a clock.
  '110': 'M24 14v10l7 5',
  // Due: a calendar.
  '174': 'M15 17h18v16H15zM15 22h18M19 14v5m10-5v5',
  // Overdue: an exclamation mark.
  '180': 'M24 14v13m0 5v2',
  // Settled (and any status without an icon, but 170): a tick.
  '200': 'M15 24l6 6 12-12',
}

/** The status banner's icon: inline, so it costs no request and paints with the page. */
export function StatusIcon({ status }: { status: string }) {
  const icon = iconFor(status)
  return (
    <svg
      className="loan-status__icon"
      role="img"
      aria-label={MESSAGES.details.statusIcon}
      data-icon={icon}
      width="48"
      height="48"
      viewBox="0 0 48 48"
    >
      <circle cx="24" cy="24" r="22" fill={COLOURS[icon]} />
      <path d={MARKS[icon]} fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
