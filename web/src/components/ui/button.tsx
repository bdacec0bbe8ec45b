import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useState, useTransition } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md';

const variants: Record<Variant, string> = {
  primary:
    'bg-teal-700 text-white hover:bg-teal-800 dark:bg-teal-500 dark:text-zinc-950 dark:hover:bg-teal-400',
  secondary:
    'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  ghost: 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-zinc-950 dark:hover:bg-red-400',
};

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
};

export function buttonClass(variant: Variant = 'primary', size: Size = 'md') {
  return `inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${variants[variant]} ${sizes[size]}`;
}

/**
 * While its request runs a button stays focusable (aria-disabled, not disabled), so keyboard focus
 * does not fall to the page and the next key press still reaches it; presses are ignored meanwhile.
 */
export function pendingProps(pending: boolean | undefined) {
  return {
    'aria-disabled': pending || undefined,
    onClickCapture: pending
      ? (event: MouseEvent) => {
          event.preventDefault();
          event.stopPropagation();
        }
      : undefined,
  };
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  pending?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant, size, className = '', type = 'button', pending, ...props }: Props) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant, size)} ${className}`}
      {...props}
      {...pendingProps(pending)}
    />
  );
}

type MenuTriggerProps = {
  label: string;
  className: string;
  /** Starts loading the menu's code: on hover or focus, before the press that needs it. */
  preload: () => void;
  /** The menu is wanted and its code still loading. */
  pending: boolean;
  onOpen: () => void;
  children: ReactNode;
};

/**
 * A menu whose code loads on first use (decision 040): the press that wants it is a transition, so the
 * `MenuTriggerButton` stays on screen, keeping the keyboard's focus and marked pending (`loading`), until
 * the menu's own trigger can replace it. Put both in one Suspense boundary that is there from the start:
 * a transition keeps what a boundary already shows, where a fallback drawn instead had dropped focus to
 * the page for as long as the code took.
 */
export function useMenuOnFirstUse() {
  const [wanted, setWanted] = useState(false);
  const [loading, startLoading] = useTransition();
  return { wanted, loading, open: () => startLoading(() => setWanted(true)) };
}

/**
 * The button of a menu whose code loads on first use (decision 040): it stands in for the menu's own
 * trigger until that code is there, and is what Suspense shows meanwhile.
 */
export function MenuTriggerButton({
  label,
  className,
  preload,
  pending,
  onOpen,
  children,
}: MenuTriggerProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      className={className}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onOpen}
      {...pendingProps(pending)}
    >
      {children}
    </button>
  );
}
