/**
 * sharp (libvips) for the server's own thread, loaded with the first image rather than at
 * start: importing it costs a start about 120 ms of CPU, and an idle shop its memory.
 * Worker threads, which exist to work on images, import it directly.
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
