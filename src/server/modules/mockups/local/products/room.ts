/**
 * A simple room in world units (inches, y down): a wall, a sideboard with a vase of leaves
 * and a few books, a skirting board and a wooden floor. Wall art hangs above the sideboard.
 */

export interface Room {
  /** y of the sideboard's top surface. */
  sideboardTop: number;
  floor: number;
  /** x of the vase, clear of the art. */
  plantX: number;
}

const SIDEBOARD_HALF_WIDTH = 27;

export function roomAround(artBottom: number, artHalfWidth: number): Room {
  const sideboardTop = artBottom + 9;
  return { sideboardTop, floor: sideboardTop + 29, plantX: Math.max(19, artHalfWidth + 9) };
}

/** Shapes whose blurred coverage is the furniture's shadow on the wall. */
export function roomShadowSvg(room: Room): string {
  const half = SIDEBOARD_HALF_WIDTH;
  return `<rect x="${-half - 0.5}" y="${room.sideboardTop + 1.2}" width="${2 * half + 2.5}" height="${room.floor - room.sideboardTop - 4}"/>`;
}

/** The furniture and floor, drawn after the wall and the art's shadow. */
export function roomFurnitureSvg(room: Room): string {
  const { sideboardTop: top, floor } = room;
  const half = SIDEBOARD_HALF_WIDTH;
  const bodyTop = top + 1.2;
  const bodyBottom = floor - 7;
  const px = room.plantX;
  const leaves = leafSpray(px, top - 8.5);
  return `
    <defs>
      <linearGradient id="floor" gradientUnits="userSpaceOnUse" x1="0" y1="${floor}" x2="0" y2="${floor + 30}">
        <stop offset="0" stop-color="#a98360"/><stop offset="1" stop-color="#7d5b3e"/>
      </linearGradient>
      <linearGradient id="wood" gradientUnits="userSpaceOnUse" x1="${-half}" y1="0" x2="${half}" y2="0">
        <stop offset="0" stop-color="#6f4a2f"/><stop offset="0.45" stop-color="#845a3a"/><stop offset="1" stop-color="#5f3f28"/>
      </linearGradient>
      <linearGradient id="vase" gradientUnits="userSpaceOnUse" x1="${px - 3.5}" y1="0" x2="${px + 3.5}" y2="0">
        <stop offset="0" stop-color="#d9d3c6"/><stop offset="0.35" stop-color="#f4f0e8"/><stop offset="1" stop-color="#b9b1a2"/>
      </linearGradient>
      <radialGradient id="floor-shadow"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs>
    <rect x="-90" y="${floor - 4.5}" width="180" height="4.5" fill="#f3f0ea"/>
    <rect x="-90" y="${floor - 4.6}" width="180" height="0.35" fill="#d8d3ca"/>
    <rect x="-90" y="${floor}" width="180" height="40" fill="url(#floor)"/>
    ${[3.5, 8.5, 15, 24].map((d) => `<rect x="-90" y="${floor + d}" width="180" height="0.18" fill="#5e4330" fill-opacity="0.35"/>`).join('')}
    <path d="M ${-half + 3} ${bodyBottom} L ${-half + 4.2} ${floor} L ${-half + 5} ${floor} L ${-half + 5.2} ${bodyBottom} Z
             M ${half - 3} ${bodyBottom} L ${half - 4.2} ${floor} L ${half - 5} ${floor} L ${half - 5.2} ${bodyBottom} Z" fill="#3f2a1b"/>
    <ellipse cx="0" cy="${floor + 0.8}" rx="${half + 4}" ry="2.2" fill="url(#floor-shadow)"/>
    <rect x="${-half}" y="${bodyTop}" width="${2 * half}" height="${bodyBottom - bodyTop}" fill="url(#wood)"/>
    <rect x="${-half - 0.6}" y="${top}" width="${2 * half + 1.2}" height="1.3" fill="#8e6243"/>
    <rect x="${-half - 0.6}" y="${top}" width="${2 * half + 1.2}" height="0.25" fill="#b08462"/>
    ${[-9, 9].map((x) => `<rect x="${x - 0.12}" y="${bodyTop + 0.8}" width="0.24" height="${bodyBottom - bodyTop - 1.6}" fill="#3d2818" fill-opacity="0.7"/>`).join('')}
    ${[-4.5, 4.5].map((x) => `<rect x="${x - 2}" y="${bodyTop + 5}" width="4" height="0.5" rx="0.25" fill="#c9a66b"/>`).join('')}
    <rect x="${-half}" y="${bodyBottom - 0.6}" width="${2 * half}" height="0.6" fill="#000" fill-opacity="0.25"/>
    <g>
      <rect x="-22" y="${top - 1.3}" width="9.5" height="1.3" fill="#b5583c"/>
      <rect x="-21.4" y="${top - 2.4}" width="8.6" height="1.1" fill="#2f4858"/>
      <rect x="-21.8" y="${top - 3.3}" width="9" height="0.9" fill="#d8c8a6"/>
      <circle cx="-17" cy="${top - 4.6}" r="1.3" fill="#c9a66b"/>
    </g>
    ${leaves}
    <path d="M ${px - 2.7} ${top} C ${px - 3.6} ${top - 3} ${px - 3.4} ${top - 6.6} ${px - 1.8} ${top - 8.6} L ${px + 1.8} ${top - 8.6}
             C ${px + 3.4} ${top - 6.6} ${px + 3.6} ${top - 3} ${px + 2.7} ${top} Z" fill="url(#vase)"/>
    <ellipse cx="${px}" cy="${top - 8.6}" rx="1.8" ry="0.35" fill="#8d8578"/>`;
}

/** Eucalyptus-like stems: arcs with paired round leaves. */
function leafSpray(x: number, y: number): string {
  const stems = [
    { angle: -1.95, length: 15, bend: -2 },
    { angle: -1.62, length: 19, bend: 1.5 },
    { angle: -1.3, length: 16, bend: 2.5 },
    { angle: -2.3, length: 11, bend: -1.5 },
    { angle: -0.95, length: 12, bend: 2 },
  ];
  const greens = ['#6f8f7a', '#7e9c86', '#5d7d69', '#8aa892'];
  let svg = '';
  stems.forEach((stem, n) => {
    const ex = x + Math.cos(stem.angle) * stem.length;
    const ey = y + Math.sin(stem.angle) * stem.length;
    const mx = (x + ex) / 2 + stem.bend;
    const my = (y + ey) / 2;
    svg += `<path d="M ${x} ${y} Q ${mx} ${my} ${ex} ${ey}" stroke="#5b6b4f" stroke-width="0.22" fill="none"/>`;
    for (let i = 1; i <= 6; i++) {
      const t = i / 6.5;
      const px = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * mx + t * t * ex;
      const py = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * my + t * t * ey;
      const r = 1.25 - t * 0.45;
      const fill = greens[(n + i) % greens.length];
      svg += `<ellipse cx="${(px - r * 0.9).toFixed(2)}" cy="${py.toFixed(2)}" rx="${r}" ry="${(r * 0.8).toFixed(2)}" fill="${fill}"/>`;
      svg += `<ellipse cx="${(px + r * 0.9).toFixed(2)}" cy="${(py - 0.3).toFixed(2)}" rx="${r}" ry="${(r * 0.8).toFixed(2)}" fill="${greens[(n + i + 1) % greens.length]}"/>`;
    }
  });
  return svg;
}
