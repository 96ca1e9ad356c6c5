/** Bytes a test-set upload's file may have (CRUCIBLE_MAX_UPLOAD_BYTES): past them the upload answers 413. */
export const MAX_UPLOAD_BYTES = 'crucible:max-upload-bytes';
