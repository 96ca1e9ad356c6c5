import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { type CrucibleConfigService, environmentOf } from '@crucible/platform';

/** Bytes a test-set upload's file may have (CRUCIBLE_MAX_UPLOAD_BYTES): past them the upload answers 413. */
export const MAX_UPLOAD_BYTES = 'crucible:max-upload-bytes';

export const uploadLimitProvider = (maxUploadBytes: number | undefined): Provider => ({
  provide: MAX_UPLOAD_BYTES,
  useFactory: (settings: CrucibleConfigService): number => maxUploadBytes ?? environmentOf(settings).CRUCIBLE_MAX_UPLOAD_BYTES,
  inject: [ConfigService],
});
