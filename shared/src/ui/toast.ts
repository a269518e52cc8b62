import Toast from 'antd-mobile/es/components/toast'
import './toast.css'
import { setupUi } from './setup'

// antd-mobile renders toasts imperatively: make sure this bundle's copy can render under React 19.
setupUi()

export { Toast }
