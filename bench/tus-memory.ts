import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { rssMb } from './lib/proc';
import { removeBenchAttachments } from './upload-throughput';

export interface TusMemoryRow {
  service: 'gateway' | 'uploads';
  /** RSS (MB) before the uploads, and the highest sampled during each one. */
  beforeMb: number;
  smallPeakMb: number;
  largePeakMb: number;
}

export interface TusMemory {
  smallMib: number;
  largeMib: number;
  largeSeconds: number;
  rows: TusMemoryRow[];
}

const MIB = 1024 * 1024;
const SMALL_MIB = 64;
const LARGE_MIB = 1024;
/** Bytes per PATCH: a client sends a large file in several requests (tus-js-client's chunkSize). */
const PATCH_MIB = 64;

/**
 * PERFORMANCE.md: a 1 GiB resumable upload keeps the gateway's and the uploads service's RSS
 * flat. The RSS of both is sampled every 100 ms (from /proc) during a 64 MiB and a 1 GiB tus
 * upload: flat means the 1 GiB peak is no higher than the 64 MiB one, give or take. The bytes
 * are generated as they are sent (1 MiB of random data repeated), so this process holds no file.
 */
export async function measureTusMemory(
  gatewayUrl: string,
  authorization: string,
  pids: { gateway: number; uploads: number },
): Promise<TusMemory> {
  const before = { gateway: rssMb(pids.gateway), uploads: rssMb(pids.uploads) };
  const small = await sampled(pids, () => tusUpload(gatewayUrl, authorization, SMALL_MIB * MIB));
  const started = process.hrtime.bigint();
  const large = await sampled(pids, () => tusUpload(gatewayUrl, authorization, LARGE_MIB * MIB));
  const largeSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  await removeBenchAttachments(gatewayUrl, authorization, (name) => name === 'bench-tus.bin');
  return {
    smallMib: SMALL_MIB,
    largeMib: LARGE_MIB,
    largeSeconds,
    rows: (['gateway', 'uploads'] as const).map((service) => ({
      service,
      beforeMb: before[service],
      smallPeakMb: small[service],
      largePeakMb: large[service],
    })),
  };
}

/** The highest RSS of each process while `work` runs. */
async function sampled(
  pids: { gateway: number; uploads: number },
  work: () => Promise<void>,
): Promise<{ gateway: number; uploads: number }> {
  const peak = { gateway: rssMb(pids.gateway), uploads: rssMb(pids.uploads) };
  const timer = setInterval(() => {
    peak.gateway = Math.max(peak.gateway, rssMb(pids.gateway));
    peak.uploads = Math.max(peak.uploads, rssMb(pids.uploads));
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak;
}

/** A tus upload of `size` bytes: creation, then PATCHes of PATCH_MIB until done. */
async function tusUpload(gatewayUrl: string, authorization: string, size: number): Promise<void> {
  const tus = { authorization, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${gatewayUrl}/api/v1/tus`, {
    method: 'POST',
    headers: { ...tus, 'Upload-Length': String(size), 'Upload-Metadata': `filename ${Buffer.from('bench-tus.bin').toString('base64')}` },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`bench: tus creation failed (${created.status}: ${await created.text()})`);
  const url = new URL(location, gatewayUrl).toString();
  const block = randomBytes(MIB);
  for (let offset = 0; offset < size;) {
    const length = Math.min(PATCH_MIB * MIB, size - offset);
    const body = Readable.toWeb(
      Readable.from(
        (function* () {
          for (let sent = 0; sent < length; sent += MIB) yield block.subarray(0, Math.min(MIB, length - sent));
        })(),
      ),
    );
    const res = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...tus,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(length),
      },
      body: body as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (res.status !== 204 && res.status !== 200)
      throw new Error(`bench: tus PATCH at ${offset} failed (${res.status}: ${await res.text()})`);
    await res.arrayBuffer();
    offset += length;
  }
}
