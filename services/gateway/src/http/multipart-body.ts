import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * `multipart/form-data` bodies read as form parameters, as Django (and so Zulip) reads them:
 * each field's value as a string, the last one winning for a repeated name. Clients send them:
 * zulip-js posts every request this way. Files are not parameters, so their content is drained and
 * dropped (the one operation that takes a file reads its own parts). Field values count towards the same body limit
 * as a URL-encoded form, so a multipart body is no way around it. Failures carry an HTTP
 * status for the API's error handler: 413 for too large, 400 for malformed.
 */
export async function registerMultipartBody(api: FastifyInstance): Promise<void> {
  const bodyLimit = api.initialConfig.bodyLimit ?? 1024 * 1024;
  await api.register(multipart, { limits: { fieldSize: bodyLimit } });
  api.addHook('preValidation', async (req) => {
    // An upload's parts are read by its dispatcher, after authentication (see `FileReceiver`).
    if (!req.isMultipart() || req.routeOptions.config.takesFile) return;
    const body: Record<string, string> = {};
    let size = 0;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          continue;
        }
        const value = fieldText(part.value);
        size += Buffer.byteLength(value);
        if (part.valueTruncated || size > bodyLimit) throw httpError(413, 'Request body too large');
        body[part.fieldname] = value;
      }
    } catch (error) {
      throw hasStatus(error) ? error : httpError(400, error instanceof Error ? error.message : 'unreadable multipart body');
    }
    req.body = body;
  });
}

/** A part sent as application/json arrives already decoded; Zulip would see its text. */
export const fieldText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const httpError = (statusCode: number, message: string): Error & { statusCode: number } =>
  Object.assign(new Error(message), { statusCode });

const hasStatus = (error: unknown): boolean => typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';
