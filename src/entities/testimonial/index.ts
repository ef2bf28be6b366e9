export { TestimonialCard } from './ui/TestimonialCard'
export { TESTIMONIALS } from './model/testimonials'
export type { Testimonial } from './model/testimonials'
