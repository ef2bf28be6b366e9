import type { Testimonial } from '../model/testimonials'
import styles from './TestimonialCard.module.scss'

const Star = ({ filled }: { filled: boolean }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
      fill={filled ? '#b45309' : 'none'}
      stroke="#b45309"
      strokeWidth="1.5"
    />
  </svg>
)

export const TestimonialCard = ({ testimonial }: { testimonial: Testimonial }) => {
  const rating = Math.min(5, Math.max(1, Math.round(testimonial.rating)))
  return (
    <figure className={styles.card}>
      <div className={styles.rating} role="img" aria-label={`Rated ${rating} out of 5`}>
        {[1, 2, 3, 4, 5].map((star) => (
          <Star key={star} filled={star <= rating} />
        ))}
      </div>
      <blockquote className={styles.quote}>
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className={styles.author}>
        <span className={styles.name}>{testimonial.name}</span>
        <span className={styles.role}>
          {testimonial.role}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  )
}
