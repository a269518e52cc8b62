import { loadFailedDialog, screenParts, type PartLooks } from 'shared/ui/screen-parts'
import { MESSAGES } from '../content/messages'

/** Its dialogs are sheets at the bottom of the web view (`repay-sheet` in repay.css). */
const LOOKS: PartLooks = { modal: 'repay-sheet', place: 'bottom' }

/** shared/ui's screen parts in mf-repay's words and look. */
export const { LoadError, PageMessage, Modal } = screenParts(MESSAGES.common, LOOKS)

/** What a tap shows when an overlay's code could not be downloaded (`onDemand`). */
export const LoadFailed = loadFailedDialog(MESSAGES.instructions, LOOKS)

/** A repayment page's shape while it loads (`Skeleton`). */
export const PAGE_SHAPE = [120, 160, 48]
