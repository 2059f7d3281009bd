import { cn } from '@/lib/utils';

/**
 * Splits a lucky number into reading groups without changing it: a leading letter on its own
 * (the room type, or P for invites), then the digits as 4 + 3 when there are seven, otherwise in
 * threes ("B1234056" -> B 1234 056, "012345" -> 012 345).
 */
export function luckyNumberGroups(value: string): string[] {
  const match = /^([A-Za-z]*)(\d+)$/.exec(value);
  if (!match) return [value];
  const [, letters = '', digits = ''] = match;
  const groups: string[] = letters ? [letters] : [];
  if (digits.length === 7) {
    groups.push(digits.slice(0, 4), digits.slice(4));
  } else {
    for (let i = 0; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  }
  return groups;
}

/**
 * A lucky number as players read it: in a typeface that tells O from 0 and I from 1, grouped by
 * gaps that are not characters (copying it gives the number exactly as the spec formats it).
 */
export function LuckyNumber({ value, className }: { value: string; className?: string }) {
  return (
    <span
      data-lucky-number={value}
      className={cn('font-lucky font-semibold tracking-wide whitespace-nowrap', className)}
    >
      {luckyNumberGroups(value).map((group, index) => (
        <span key={index} className={index > 0 ? 'ml-[0.35em]' : undefined}>
          {group}
        </span>
      ))}
    </span>
  );
}
