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
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req) {
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_BODY_BYTES + 1024 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
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
