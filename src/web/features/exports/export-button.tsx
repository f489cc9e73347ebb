import { Loader2, type LucideIcon } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatMegabytes } from '../../lib/format.ts';

/** Where a download button sits: the dark catalogue header, or a light page (print toolbar). */
export type ExportButtonTone = 'header' | 'page';

export interface ExportButtonLookProps {
  /** `header` (default for Excel): light outline on the dark header; `page`: a regular button. */
  tone?: ExportButtonTone;
  /** Button variant on a light page (ignored in the header). */
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

interface ExportButtonProps extends ExportButtonLookProps {
  icon: LucideIcon;
  /** Accessible name when idle (`Descargar Excel`). */
  label: string;
  /** Visible text when idle; the rest of `label` is for screen readers. Defaults to `label`. */
  shortLabel?: string;
  /** Accessible name and text while busy (`Generando Excel…`). */
  busyLabel: string;
  busy: boolean;
  bytes: number;
  onClick: () => void;
}

const headerTone =
  'h-9 border border-white/40 bg-transparent px-3 text-white hover:bg-white/10 disabled:opacity-70 focus-visible:outline-white';

/** A download button with a spinner, a busy label and the megabytes received while busy. */
export function ExportButton({
  icon: Icon,
  label,
  shortLabel,
  busyLabel,
  busy,
  bytes,
  onClick,
  tone = 'page',
  variant = 'outline',
  size = 'md',
  className,
}: ExportButtonProps) {
  const hidden = shortLabel && label.endsWith(shortLabel) ? label.slice(0, label.length - shortLabel.length) : '';
  const visible = hidden ? (shortLabel as string) : label;
  return (
    <Button
      variant={tone === 'header' ? 'ghost' : variant}
      size={size}
      className={cn(tone === 'header' && headerTone, className)}
      onClick={onClick}
      busy={busy}
    >
      {busy ? (
        <>
          <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
          <span className={cn(tone === 'header' && 'max-sm:sr-only')}>{busyLabel}</span>
          {bytes > 0 ? (
            <span aria-hidden="true" className="text-xs tabular-nums opacity-80 max-sm:hidden">
              {formatMegabytes(bytes, { fixedDecimal: true })}
            </span>
          ) : null}
        </>
      ) : (
        <>
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {hidden ? <span className="sr-only">{hidden}</span> : null}
          <span className={cn(tone === 'header' && 'max-sm:sr-only')}>{visible}</span>
        </>
      )}
    </Button>
  );
}
