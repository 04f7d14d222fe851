/** Which messages claim an upload (`upload_refs:<path id>`), ids sorted; no document when none does. */
export interface UploadRefsState {
  pathId: string;
  messageIds: number[];
}

export const uploadRefsDocId = (pathId: string): string => `upload_refs:${pathId}`;
