import { createFederatedLoader } from './remote/federated-loader'
import { startShell } from './boot/start-shell'

void startShell((settings) => createFederatedLoader(window, settings))
