import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import styles from './Button.module.scss'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'
export type ButtonSize = 'medium' | 'large'

const classes = (variant: ButtonVariant, size: ButtonSize, className?: string) =>
  [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  children: ReactNode
}

export const Button = ({ variant = 'primary', size = 'medium', className, type = 'button', ...rest }: ButtonProps) => (
  <button type={type} className={classes(variant, size, className)} {...rest} />
)

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant
  size?: ButtonSize
}

/** A router link that looks like a button. */
export const ButtonLink = ({ variant = 'primary', size = 'medium', className, ...rest }: ButtonLinkProps) => (
  <Link className={classes(variant, size, className)} {...rest} />
)
