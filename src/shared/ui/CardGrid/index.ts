export { CardGrid, Card } from './CardGrid'
