import { laneTests } from './lane-tests.ts'
import { openWebKit } from './webkit.ts'

laneTests('WebKit', openWebKit)
