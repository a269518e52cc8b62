import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { setupUi } from 'shared/ui'

setupUi()
afterEach(() => cleanup())
