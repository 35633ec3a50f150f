import type { ButtonHTMLAttributes, MouseEvent } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
/** `sm`: dense toolbars (the canvas editor's), where rows of buttons must not push the work area down. */
type Size = 'md' | 'sm';

const SIZES: Record<Size, string> = { md: 'px-3 py-2', sm: 'px-2 py-1' };

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-indigo-300',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows the action is running and blocks a second click. */
  busy?: boolean;
  size?: Size;
}

export function buttonClass(variant: Variant = 'primary', extra = '', size: Size = 'md'): string {
  // The padding comes from `size`, never from `extra`: two padding utilities on one element do not override by order.
  return `inline-flex items-center justify-center gap-2 rounded-md ${SIZES[size]} text-sm font-medium disabled:cursor-not-allowed aria-disabled:cursor-wait aria-disabled:opacity-70 ${VARIANTS[variant]} ${extra}`;
}

/**
 * A busy button refuses clicks (and the form submit they would cause) but is not `disabled`: a disabled
 * button drops keyboard focus to the page, and the dialog the action opens could not give it back.
 */
export function Button({
  variant = 'primary',
  busy = false,
  size = 'md',
  className = '',
  type = 'button',
  disabled,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      type={type}
      className={buttonClass(variant, className, size)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={click}
      {...rest}
    >
      {children}
    </button>
  );
}
