import { formatMoney, type MoneyText } from '@/lib/money';

/** A money amount from the server ("1234.5" -> "1,234.50"), tabular digits. */
export function Money({
  value,
  className,
}: {
  value: MoneyText | null | undefined;
  className?: string;
}) {
  return (
    <span className={className} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(value)}
    </span>
  );
}
