import { createFederatedLoader } from './boot/federated-loader'
import { startShell } from './boot/start-shell'

void startShell((settings) => createFederatedLoader(window, settings))
