import type { FastifyReply, FastifyRequest } from 'fastify';
import { pacedBody } from '../../http/paced-body';
import type { ServableHostedFile } from './hosted-file.service';

const CACHE_CONTROL = 'public, max-age=300';

/** If-None-Match against a strong ETag, with the weak comparison RFC 9110 §13.1.2 asks for. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** 200 with the stored bytes and their ETag, 304 when the client has them, 404 with `missing`. */
export async function sendHostedFile(req: FastifyRequest, reply: FastifyReply, file: ServableHostedFile | null, missing: string) {
  const notFound = () => reply.status(404).header('content-type', 'text/plain; charset=utf-8').send(missing);
  if (!file) return notFound();
  if (noneMatch(req.headers['if-none-match'], file.etag))
    return reply.status(304).header('etag', file.etag).header('cache-control', CACHE_CONTROL).send();
  const loaded = await file.load();
  if (!loaded) return notFound();
  return reply
    .status(200)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', CACHE_CONTROL)
    .header('etag', loaded.etag)
    .header('content-length', loaded.bytes.length)
    .send(await pacedBody(loaded.bytes));
}
