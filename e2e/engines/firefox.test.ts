import { laneTests } from './lane-tests.ts'
import { openFirefox } from './firefox.ts'

laneTests('Firefox', openFirefox)
