/**
 * Destinations in words. Apart from the glossary, so that rules announcing a
 * Coordinates card need load nothing of the views.
 */

/** A destination as printed: "Earth", "Deep Space". */
export function destinationName(destination: string): string {
  return destination
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** What a Coordinates card shows: where each space of the Destination track leads. */
export function coordinatesText(destinations: Readonly<Record<string, string>>): string {
  return Object.entries(destinations)
    .map(([space, destination]) => `${space} ${destinationName(destination)}`)
    .join(', ');
}
