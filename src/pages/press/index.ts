export { PressPage } from './ui/PressPage'
