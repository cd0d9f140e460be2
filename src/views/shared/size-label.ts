/** A size as the store's customers read it: "Large (14 inches)", or its name alone. */
export const sizeLabel = (size: { name: string; units: number | null; measurement: string | null }) =>
  size.units !== null && size.measurement ? `${size.name} (${size.units} ${size.measurement.toLowerCase()})` : size.name;
