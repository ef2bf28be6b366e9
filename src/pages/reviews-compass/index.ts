export { ReviewsCompassPage } from './ui/ReviewsCompassPage'
