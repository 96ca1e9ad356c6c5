import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Request } from 'express';

/** The little of busboy (multer's multipart parser, installed with @nestjs/platform-express; untyped) used here. */
interface FileInfo { filename?: string }
interface Busboy extends NodeJS.WritableStream {
  on(event: 'field', listener: (name: string, value: string) => void): this;
  on(event: 'file', listener: (name: string, stream: Readable & { truncated?: boolean }, info: FileInfo) => void): this;
  on(event: 'close' | 'filesLimit', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  destroy(error?: Error): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- busboy ships no types (see Busboy above)
const busboy = require('busboy') as (config: { headers: IncomingHttpHeaders; limits: { fileSize: number; files: number }; defParamCharset: string }) => Busboy;

export interface UploadForm {
  /** The text fields sent before the file (all of them when there is no file). */
  fieldsBeforeFile: Record<string, string>;
  /** The file's bytes as they arrive; throws a 413 past the limit. Null when the form has no file. */
  file: { name: string; content: AsyncIterable<Buffer> } | null;
  /** Every text field, once the whole body was read (the file read to its end first); rejects when the body is cut off. */
  fields: Promise<Record<string, string>>;
  /** Stops reading the form: the rest of the request is read and discarded, so that an answer reaches the client. */
  abandon(): void;
}

export interface UploadFormOptions {
  fileField: string;
  maxFileBytes: number;
  /** The 413's detail. */
  tooLarge: string;
}

/** The file part as it arrives; a file cut off at the limit ends in a 413, never in a short file. */
async function* guardedFile(stream: Readable & { truncated?: boolean }, tooLarge: string): AsyncGenerator<Buffer> {
  let cut = false;
  stream.once('limit', () => {
    cut = true;
  });
  try {
    // Past the limit busboy discards the rest of the file and ends it: read on, yield nothing more.
    for await (const chunk of stream) if (!cut) yield chunk as Buffer;
  } catch (error) {
    throw new BadRequestException(`the upload was cut off: ${(error as Error).message}`);
  }
  if (cut || stream.truncated) throw new PayloadTooLargeException(tooLarge);
}

/**
 * Reads a multipart form as it arrives (busboy), answering as soon as the file part starts: the file is then read
 * by whoever consumes it, and the fields after it settle `fields`. Whatever fails, the rest of the request is read
 * and discarded, so the answer reaches the client.
 */
export function readUploadForm(req: Request, options: UploadFormOptions): Promise<UploadForm> {
  return new Promise((resolve, reject) => {
    let parser: Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: options.maxFileBytes, files: 1 }, defParamCharset: 'utf8' });
    } catch (error) {
      reject(new BadRequestException(`not a multipart form: ${(error as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let settleFields: (value: Record<string, string>) => void = () => undefined;
    let failFields: (error: Error) => void = () => undefined;
    const allFields = new Promise<Record<string, string>>((done, failed) => {
      settleFields = done;
      failFields = failed;
    });
    allFields.catch(() => undefined); // a form refused before its fields are awaited: the refusal is answered elsewhere
    let answered = false;
    const answer = (form: UploadForm): void => {
      answered = true;
      resolve(form);
    };
    const abandon = (): void => {
      req.unpipe(parser);
      req.resume();
    };
    const fail = (error: Error): void => {
      abandon();
      failFields(error);
      if (!answered) {
        answered = true;
        reject(error);
      }
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField || answered) {
        stream.resume();
        fail(new BadRequestException(`one file is expected, as the "${options.fileField}" field; got "${name}"`));
        return;
      }
      answer({ fieldsBeforeFile: { ...fields }, file: { name: info.filename ?? '', content: guardedFile(stream, options.tooLarge) }, fields: allFields, abandon });
    });
    parser.on('filesLimit', () => fail(new BadRequestException(`one file is expected, as the "${options.fileField}" field`)));
    parser.on('close', () => {
      if (!answered) answer({ fieldsBeforeFile: { ...fields }, file: null, fields: allFields, abandon });
      settleFields(fields);
    });
    parser.on('error', (error) => fail(new BadRequestException(`not a valid multipart form: ${error.message}`)));
    // A client gone mid-way: the file reader gets an error instead of waiting for bytes that never come.
    req.on('close', () => {
      if (!req.complete) parser.destroy(new Error('the upload was cut off'));
    });
    req.pipe(parser);
  });
}
