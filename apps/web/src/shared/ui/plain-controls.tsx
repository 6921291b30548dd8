import { cloneElement, useId, useRef, useState, type ButtonHTMLAttributes, type PointerEvent, type ReactElement } from 'react';
import { GlobalStyles } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';

/**
 * Controls for screens that repeat them many times (a day's rows, the summary's tiles): a plain
 * `<button>` and a hover hint drawn by one stylesheet, instead of MUI's IconButton and Tooltip,
 * which cost each row ~60 components, their style serialization and a Popper re-render after
 * mount (docs/decisions/0023-plain-rows.md). They look like MUI's: the same sizes, colours and
 * hover, taken from the theme; 44 px touch targets on phones as the theme gives MUI's (issue 22).
 */

/** Material icons' paths (the same as @mui/icons-material's Edit, Delete and Repeat), drawn in a plain svg. */
export const ICON_PATHS = {
  edit: 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
  delete: 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z',
  repeat: 'M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z',
} as const;

interface PlainIconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> {
  icon: keyof typeof ICON_PATHS;
  'aria-label': string;
  tone?: 'default' | 'error';
  size?: 'medium' | 'small';
}

/** An icon button: MUI IconButton's look (40 px, or 30 px small), without its components. */
export function PlainIconButton({ icon, tone = 'default', size = 'medium', className, ...rest }: PlainIconButtonProps) {
  const classes = ['plain-icon-btn', tone === 'error' && 'plain-icon-btn-error', size === 'small' && 'plain-icon-btn-small', className];
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} {...rest}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICON_PATHS[icon]} />
      </svg>
    </button>
  );
}

/** How long a tapped reason stays on screen (a touch has no hover to end). */
export const REASON_SHOWN_MS = 3000;

/**
 * A short hint shown below its control on hover and keyboard focus, as MUI's Tooltip shows it.
 * Wraps the control so a disabled one still shows why. With `reason` the text says why the control
 * is disabled ("Requiere conexión"): screen readers hear it as the control's description
 * (`aria-describedby`), and a tap shows it for a few seconds — a disabled button gets neither focus
 * nor click, and a touch screen has no hover, but the tap's pointerdown still reaches this wrapper
 * (issue 36). `align="end"` keeps it inside the screen for a control at the right edge; `block`
 * lets a full-width control fill its line. One `useId` and one state, set only by a tap, no
 * effect: no component or import more for the dashboard's rows (docs/decisions/0023-plain-rows.md).
 */
export function HoverHint({
  text,
  align = 'center',
  block = false,
  reason = false,
  children,
}: {
  text: string;
  align?: 'center' | 'end';
  block?: boolean;
  reason?: boolean;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  const [tapped, setTapped] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A mouse shows the hint on hover already; a finger or a pen taps (a new tap starts the time again).
  // No effect: nothing runs for a row's hints until one is tapped.
  const tap = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') return;
    clearTimeout(timer.current);
    setTapped(true);
    timer.current = setTimeout(() => setTapped(false), REASON_SHOWN_MS);
  };
  const shown = reason && tapped;
  const classes = ['plain-hint', align === 'end' && 'plain-hint-end', block && 'plain-hint-block', shown && 'plain-hint-shown'];
  return (
    <span className={classes.filter(Boolean).join(' ')} onPointerDown={reason ? tap : undefined}>
      {reason ? cloneElement(children, { 'aria-describedby': id }) : children}
      <span id={id} className="plain-hint-text" {...(reason ? { role: 'tooltip' } : { 'aria-hidden': true })}>
        {text}
      </span>
    </span>
  );
}

/** The stylesheet of the controls above, from the theme; drawn once by a screen that uses them (the dashboard: DashboardView). */
export function PlainControlStyles() {
  return <GlobalStyles styles={plainControlStyles} />;
}

function plainControlStyles(t: Theme) {
  const { palette: p } = t;
  return {
    '.plain-icon-btn': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flex: '0 0 auto',
      boxSizing: 'border-box',
      padding: 8,
      margin: 0,
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: p.action.active,
      fontSize: t.typography.pxToRem(24),
      cursor: 'pointer',
      transition: t.transitions.create('background-color', { duration: t.transitions.duration.shortest }),
      WebkitTapHighlightColor: 'transparent',
      '& svg': { width: '1em', height: '1em', fill: 'currentColor' },
      '&:hover': { backgroundColor: p.action.hover },
      '&:focus-visible': { outline: `2px solid ${p.primary.main}`, outlineOffset: -2 },
      '&:disabled': { color: p.action.disabled, background: 'transparent', cursor: 'default' },
      [t.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 },
    },
    '.plain-icon-btn-small': { padding: 5, fontSize: t.typography.pxToRem(20) },
    '.plain-icon-btn-error': {
      color: p.error.main,
      '&:hover': { backgroundColor: alpha(p.error.main, p.action.hoverOpacity) },
    },
    '.plain-hint': { position: 'relative', display: 'inline-flex' },
    '.plain-hint-block': { display: 'flex' },
    '.plain-hint-text': {
      display: 'none',
      position: 'absolute',
      top: 'calc(100% + 14px)',
      left: '50%',
      transform: 'translateX(-50%)',
      zIndex: t.zIndex.tooltip,
      pointerEvents: 'none',
      whiteSpace: 'nowrap',
      padding: '4px 8px',
      borderRadius: 4,
      backgroundColor: 'rgba(97, 97, 97, 0.92)',
      color: '#fff',
      fontFamily: t.typography.fontFamily,
      fontSize: t.typography.pxToRem(11),
      fontWeight: t.typography.fontWeightMedium,
      lineHeight: 1.4,
    },
    '.plain-hint-end > .plain-hint-text': { left: 'auto', right: 0, transform: 'none' },
    '.plain-hint:hover > .plain-hint-text, .plain-hint:focus-within > .plain-hint-text': {
      display: 'block',
      animation: 'plain-hint-in 150ms 100ms both',
    },
    '@keyframes plain-hint-in': { from: { opacity: 0 }, to: { opacity: 1 } },
    '@media (hover: none)': { '.plain-hint:hover > .plain-hint-text': { display: 'none' } },
    // After the media rule: a tapped reason shows on a touch screen too.
    '.plain-hint.plain-hint-shown > .plain-hint-text': { display: 'block' },
  };
}
