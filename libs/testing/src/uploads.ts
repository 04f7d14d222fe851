import { api, type Credentials } from './zulip-client';

/** `POST /user_uploads` of one file, as a client sends it; answers its URL and path id (throws when refused). */
export async function uploadFile(
  auth: Credentials,
  name: string,
  content: Buffer | string = `contents of ${name}`,
  type = 'text/plain',
): Promise<{ url: string; pathId: string }> {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), name);
  const res = await api('POST', '/user_uploads', { auth, multipart: form });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  const url = res.body.url as string;
  return { url, pathId: url.slice('/user_uploads/'.length) };
}
