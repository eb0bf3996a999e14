/**
 * A photo's GPS position to "City, Country", offline: offline-geocode-city ships a table of
 * S2 cells (level 8, about 35 km across) with the city each holds.
 *
 * The package's own lookup walks from cell to cell without end until it meets a city, so a
 * photo taken at sea or in the wilds got a city hundreds of kilometres away (or, mid-ocean,
 * a stack overflow). Here the search stops two rings of cells out, about 80 km: beyond that
 * the photo has no place name rather than a wrong one.
 */
import s2 from 's2-geometry';

const { S2 } = s2;
const LEVEL = 8;
const RINGS = 2;

type CityTable = Record<string, Array<string | number>>;
let table: Promise<CityTable> | undefined;

/** The table is unpacked on first use (about half a second), not at server start. */
function cityTable(): Promise<CityTable> {
  table ??= import('offline-geocode-city').then(({ getBaseDataCities }) => getBaseDataCities() as CityTable);
  return table;
}

export async function placeName(latitude: number, longitude: number): Promise<string | null> {
  const cities = await cityTable();
  let ring = [S2.latLngToKey(latitude, longitude, LEVEL)];
  const seen = new Set(ring);
  for (let depth = 0; depth <= RINGS && ring.length > 0; depth++) {
    const hits = ring.filter((key) => cities[key]);
    if (hits.length > 0) {
      const nearest = hits.sort((a, b) => distanceTo(a, latitude, longitude) - distanceTo(b, latitude, longitude))[0];
      const [city, , country] = cities[nearest].map(String);
      return [city, country].filter(Boolean).join(', ') || null;
    }
    ring = ring
      .flatMap((key) => {
        const centre = S2.keyToLatLng(key);
        return S2.latLngToNeighborKeys(centre.lat, centre.lng, LEVEL);
      })
      .filter((key) => !seen.has(key) && seen.add(key));
  }
  return null;
}

/** Squared angular distance to a cell's centre: enough to rank cells a few rings apart. */
function distanceTo(key: string, latitude: number, longitude: number): number {
  const centre = S2.keyToLatLng(key);
  const dLng = (centre.lng - longitude) * Math.cos((latitude * Math.PI) / 180);
  return (centre.lat - latitude) ** 2 + dLng ** 2;
}
