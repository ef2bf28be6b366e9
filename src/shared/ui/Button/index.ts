export { Button, ButtonLink } from './Button'
export type { ButtonVariant, ButtonSize } from './Button'
