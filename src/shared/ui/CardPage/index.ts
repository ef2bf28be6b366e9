export { CardPage } from './CardPage'
