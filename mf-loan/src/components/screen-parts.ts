import { screenParts } from 'shared/ui/screen-parts'
import { MESSAGES } from '../content/messages'

/** shared/ui's screen parts in mf-loan's words; its dialogs keep their own look (`loan-modal` in loan.css). */
export const { LoadError, Modal } = screenParts(MESSAGES.common, { modal: 'loan-modal' })
