/** s2-geometry ships no types; this is the part of its API the place lookup uses. */
declare module 's2-geometry' {
  interface LatLng {
    lat: number;
    lng: number;
  }
  const s2: {
    S2: {
      /** The cell's quadkey, `face/digits`, one digit a level. */
      latLngToKey(lat: number, lng: number, level: number): string;
      keyToLatLng(key: string): LatLng;
      /** The 4 cells sharing an edge with the cell that holds the point. */
      latLngToNeighborKeys(lat: number, lng: number, level: number): string[];
    };
  };
  export default s2;
}
