export { decodeToJpeg } from './adapters/heic.js';
export { backfillExifBatch } from './exif-backfill.js';
export { sniffImageFormat } from './file-checks.js';
export { imageRoutes } from './routes.js';
export { ingestImage } from './service.js';
export { sweepStaleUploads } from './temp-upload.js';
export { enlargeForPrint, readImageHeader, renderBoundedJpeg, renderJpegRenditions } from './adapters/sharp-images.js';
