import { loadFailedDialog, loadingBlock, screenParts, type PartLooks } from 'shared/ui/screen-parts'
import { MESSAGES } from '../content/messages'

/** Its errors, buttons and dialogs keep their own look (complaint.css). */
const LOOKS: PartLooks = { modal: 'complaint-modal', error: 'complaint-error', button: 'complaint-button' }

/** shared/ui's screen parts in mf-complaint's words and look. */
export const { LoadError, Modal } = screenParts(MESSAGES.common, LOOKS)

/** Its loading blocks are shared/ui's own. */
export const LoadingBlock = loadingBlock(MESSAGES.common)

/** What an overlay shows when its code could not be downloaded (`onDemand`). */
export const LoadFailed = loadFailedDialog(MESSAGES.common, LOOKS)
