import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';

/**
 * The two tabs of the auth card (docs/product.md#screens), as WAI-ARIA tabs: arrow keys move between them, the
 * selected one is underlined. MUI's Tabs (scroll buttons, roving focus, indicator animation: about
 * 6 KB gzip) is more than two fixed tabs need on the page with the tightest budget (docs/benchmarks.md).
 */
export function AuthTabs({
  labels,
  value,
  onChange,
  fullWidth,
}: {
  labels: string[];
  value: number;
  onChange: (index: number) => void;
  fullWidth: boolean;
}) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = (value + step + labels.length) % labels.length;
    onChange(next);
    tabs.current[next]?.focus();
  };
  return (
    <Box role="tablist" onKeyDown={onKeyDown} sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
      {labels.map((label, i) => (
        <ButtonBase
          key={label}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          role="tab"
          id={`auth-tab-${i}`}
          aria-controls={`auth-panel-${i}`}
          aria-selected={value === i}
          tabIndex={value === i ? 0 : -1}
          onClick={() => onChange(i)}
          sx={{
            flex: fullWidth ? 1 : undefined,
            minHeight: 48,
            minWidth: 90,
            px: 2,
            py: 1.5,
            typography: 'button',
            color: value === i ? 'primary.main' : 'text.secondary',
            borderBottom: 2,
            borderColor: value === i ? 'primary.main' : 'transparent',
          }}
        >
          {label}
        </ButtonBase>
      ))}
    </Box>
  );
}
