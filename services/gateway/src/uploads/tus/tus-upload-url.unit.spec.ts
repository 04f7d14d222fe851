import { pathIdOfSegment, uploadUrlSegment } from './tus-upload-url';

describe('tus upload URLs', () => {
  const pathId = '2/0a/AbCdEfGhIjKlMnOpQrStUv_-/report.pdf';

  it('carries a path id with slashes as one URL segment and reads it back', () => {
    const segment = uploadUrlSegment(pathId);
    expect(segment).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(pathIdOfSegment(segment)).toBe(pathId);
  });

  it('reads a non-ASCII file name back unchanged', () => {
    const id = '2/0a/AbCdEfGhIjKlMnOpQrStUv_-/résumé.pdf';
    expect(pathIdOfSegment(uploadUrlSegment(id))).toBe(id);
  });

  it('names no upload for a segment that is not an encoded path id', () => {
    expect(pathIdOfSegment(undefined)).toBeUndefined();
    expect(pathIdOfSegment('tus')).toBeUndefined();
    expect(pathIdOfSegment('a.b')).toBeUndefined();
    expect(pathIdOfSegment(uploadUrlSegment('2/0a/short/x'))).toBeUndefined();
    expect(pathIdOfSegment(uploadUrlSegment('../../etc/passwd'))).toBeUndefined();
  });
});
