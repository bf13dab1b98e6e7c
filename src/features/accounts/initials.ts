/** Up to two initials of a name ("Amina W." → "AW"), shown where there is no photo. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return Array.from(letters).slice(0, 2).join('').toUpperCase() || '?';
}
