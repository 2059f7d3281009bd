/**
 * A text matcher for a lucky number: the screen shows it in reading groups (separate spans), so
 * the number is found by the element that carries it whole.
 */
export function lucky(value: string) {
  return (_content: string, element: Element | null) =>
    element?.getAttribute('data-lucky-number') === value;
}
