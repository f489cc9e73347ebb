import { isInStock, type StockColor, stockBadgeColor } from '../../../shared/stock.ts';
import { cn } from '../../lib/cn.ts';

const colors: Record<StockColor, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/30',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30',
  red: 'bg-red-100 text-red-800 ring-red-600/30',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

/**
 * Stock badge (docs/product.md §4.3). `detail` colours by level (green, yellow, red, gray); `card` is green when
 * in stock and red otherwise, as list cards show it.
 */
export function StockBadge({ stockLevel, variant = 'card' }: { stockLevel: string; variant?: 'card' | 'detail' }) {
  const color: StockColor = variant === 'detail' ? stockBadgeColor(stockLevel) : isInStock(stockLevel) ? 'green' : 'red';
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        colors[color],
      )}
    >
      {stockLevel}
    </span>
  );
}
