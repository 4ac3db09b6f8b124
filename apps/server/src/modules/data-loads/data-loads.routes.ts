import type { FastifyInstance } from 'fastify';
import { dataLoadsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { Db } from '../../db/pool';
import type { Platform } from '../../platform/area';
import type { DataLoadsService } from './data-loads.service';
import { fileNameOf, ingestUpload, mediaTypeOf } from './ingest-upload';

/** Report data loads: an operations view for provider admins (it names files and their errors). */
export async function dataLoadsRoutes(app: FastifyInstance, opts: { dataLoads: DataLoadsService; db: Db; engine: Platform['engine'] }) {
  registerEndpoints(app, dataLoadsEndpoints, {
    list: (req) => opts.dataLoads.list(req.query),
    ingest: (req) =>
      ingestUpload(opts.db, opts.engine, {
        reportType: req.params.reportType,
        mediaType: mediaTypeOf(req.headers['content-type']),
        body: req.body as AsyncIterable<Uint8Array>,
        fileName: fileNameOf(req.headers['content-disposition']),
      }),
  });
}
