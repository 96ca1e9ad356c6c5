import {
  type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, PayloadTooLargeException, type Provider,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { MulterModuleOptions } from '@nestjs/platform-express';
import { MULTER_MODULE_OPTIONS } from '@nestjs/platform-express/multer/files.constants';
import { type Observable, catchError, throwError } from 'rxjs';
import { type CrucibleConfigService, environmentOf } from '@crucible/platform';
import { tooLargeDetail } from './json-body.middleware';

/** multer's options for every FileInterceptor of the api: one file, cut off at CRUCIBLE_MAX_UPLOAD_BYTES. */
export const uploadOptionsProvider = (maxUploadBytes: number | undefined): Provider => ({
  provide: MULTER_MODULE_OPTIONS,
  useFactory: (settings: CrucibleConfigService): MulterModuleOptions => ({
    limits: { fileSize: maxUploadBytes ?? environmentOf(settings).CRUCIBLE_MAX_UPLOAD_BYTES, files: 1 },
    // Browsers and fetch send file names as raw UTF-8; busboy would read them as latin1.
    defParamCharset: 'utf8',
  }),
  inject: [ConfigService],
});

/** Bound before FileInterceptor: multer's "File too large" becomes a 413 naming the limit and its variable. */
@Injectable()
export class UploadLimitInterceptor implements NestInterceptor {
  constructor(@Inject(MULTER_MODULE_OPTIONS) private readonly options: MulterModuleOptions) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const bytes = this.options.limits?.fileSize ?? 0;
    return next.handle().pipe(catchError((error: unknown) => throwError(() => (
      error instanceof PayloadTooLargeException ? new PayloadTooLargeException(tooLargeDetail('upload', bytes)) : error))));
  }
}
