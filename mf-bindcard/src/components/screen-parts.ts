import { loadFailedDialog, loadingBlock, screenParts, type PartLooks } from 'shared/ui/screen-parts'
import { MESSAGES } from '../content/messages'

/** Its loading, errors and buttons keep their own look; its one dialog floats over the form (bindcard.css). */
const LOOKS: PartLooks = {
  modal: 'bind-modal',
  place: 'float',
  error: 'bind-error',
  loading: 'bind-loading',
  button: 'bind-button',
}

/** shared/ui's screen parts in mf-bindcard's words and look. */
export const { LoadError } = screenParts(MESSAGES, LOOKS)
export const LoadingBlock = loadingBlock(MESSAGES, LOOKS)

/** What a picker shows when its popup's code could not be downloaded (`onDemand`). */
export const LoadFailed = loadFailedDialog(MESSAGES, LOOKS)
