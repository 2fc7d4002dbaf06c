/** Reading requests the way discord.js sends them: JSON bodies, or multipart with payload_json and files[n]. */
import type { IncomingMessage } from 'node:http';
import type { Json } from './world.js';

export interface UploadedFile {
  readonly field: string;
  readonly filename: string;
  readonly contentType: string | null;
  readonly data: Buffer;
}

export interface ParsedBody {
  readonly json: Json | null;
  readonly files: UploadedFile[];
  readonly bytes: number;
}

export const MAX_BODY_BYTES = 25 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<ParsedBody> {
  const { raw, bytes } = await collect(req);
  // Past the limit the body is only counted (the caller answers 413), never parsed.
  if (bytes > MAX_BODY_BYTES) return { json: null, files: [], bytes };
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: null, files: [], bytes };
  if (type.startsWith('multipart/form-data')) {
    // Node's own fetch implementation parses multipart bodies: no hand-written parser.
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    const files: UploadedFile[] = [];
    let json: Json | null = null;
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') json = JSON.parse(value) as Json;
        continue;
      }
      files.push({
        field,
        filename: value.name,
        contentType: value.type || null,
        data: Buffer.from(await value.arrayBuffer()),
      });
    }
    return { json, files, bytes };
  }
  return { json: JSON.parse(raw.toString('utf8')) as Json, files: [], bytes };
}

/**
 * The request's bytes. Events rather than `for await`: the async iterator cost this thread more
 * than the parsing itself under the e2e load (a third of a millisecond a request). A body past the
 * limit is read to its end (so that the 413 reaches the client) but not kept.
 */
function collect(req: IncomingMessage): Promise<{ raw: Buffer; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.once('end', () =>
      resolve({ raw: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), bytes }),
    );
    req.once('error', reject);
    // A client that goes away mid-body: nothing to answer.
    req.once('close', () => {
      if (!req.complete) reject(new Error('the request ended before its body'));
    });
  });
}
