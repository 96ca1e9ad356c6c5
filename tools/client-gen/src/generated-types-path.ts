import { join } from 'node:path';

export const GENERATED_TYPES_PATH = join(__dirname, '..', '..', '..', 'libs', 'client', 'src', 'generated', 'api-schema.ts');
