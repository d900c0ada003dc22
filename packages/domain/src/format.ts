const currency = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole units with thousands separators: 12345.6 → "12,346". */
export function formatCurrency(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  // Intl rounds half-even on some engines; amounts round half away from zero like a cashier.
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount));
  return currency.format(rounded === 0 ? 0 : rounded);
}

/**
 * Shows a phone number's head, four asterisks and its last two digits: "13812345678" → "138****78".
 * Numbers too short to hide anything are masked whole but for the last two digits.
 */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length <= 2) return digits;
  if (digits.length < 7) return `****${digits.slice(-2)}`;
  return `${digits.slice(0, 3)}****${digits.slice(-2)}`;
}
