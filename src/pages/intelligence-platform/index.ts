export { IntelligencePlatformPage } from './ui/IntelligencePlatformPage'
