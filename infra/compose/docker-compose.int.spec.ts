/**
 * docker-compose.yml, checked without a Docker engine: the compose tool validates and renders it
 * (`config`), and the assertions below hold the rendered model to the facts it must agree with
 * elsewhere in the repository (the topics of libs/contracts, each service's port variable).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_SERVICE_TOPICS, retentionConfig } from '@zulip-es/contracts';
import { GROUP_OFFSETS_RETENTION_MINUTES } from '@zulip-es/platform';
import { PORT_VARS, SERVICES as APP_SERVICES } from '../system/service-process';

const repoRoot = path.resolve(__dirname, '..', '..');
const composeFile = path.join(repoRoot, 'docker-compose.yml');
const INFRA_SERVICES = ['kafka', 'mongo', 'redis', 'minio'] as const;
const ONE_SHOT_JOBS = ['kafka-init', 'minio-init', 'bootstrap'] as const;
const MONITORING = ['prometheus', 'grafana'] as const;

// --- the compose tool ---------------------------------------------------------------------------

interface ComposeTool {
  /** `docker compose` (the v2 plugin) renders JSON itself; Debian's `docker-compose` (v1) YAML. */
  kind: 'plugin' | 'standalone';
  command: string;
  args: string[];
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, input?: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd: repoRoot, env, input, encoding: 'utf8', timeout: 120_000 });
}

const succeeds = (command: string, args: string[]) => run(command, args).status === 0;

function findComposeTool(): ComposeTool | undefined {
  if (succeeds('docker', ['compose', 'version'])) return { kind: 'plugin', command: 'docker', args: ['compose', '-f', composeFile] };
  if (succeeds('docker-compose', ['version'])) return { kind: 'standalone', command: 'docker-compose', args: ['-f', composeFile] };
  return undefined;
}

let composeTool: ComposeTool | undefined;

/** The compose tool, looked up once; as root, Debian's `docker-compose` is installed when none is. */
function compose(): ComposeTool {
  if (composeTool) return composeTool;
  composeTool = findComposeTool();
  if (!composeTool && process.getuid?.() === 0 && succeeds('apt-get', ['--version'])) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', 'docker-compose'], env).status === 0;
    if (!install()) {
      run('apt-get', ['update'], env);
      install();
    }
    composeTool = findComposeTool();
  }
  if (!composeTool) {
    throw new Error(
      'checking docker-compose.yml needs `docker compose` (the Docker CLI plugin) or `docker-compose` ' +
        '(Debian: apt-get install docker-compose); neither is installed' +
        (process.getuid?.() === 0 ? ' and installing docker-compose with apt-get failed' : ''),
    );
  }
  return composeTool;
}

/**
 * The variables compose interpolates: only these, so the rendered file shows its own defaults
 * whatever the environment of the test run holds.
 */
function composeEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  if (process.env.DOCKER_CONFIG) env.DOCKER_CONFIG = process.env.DOCKER_CONFIG;
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

function composeConfig(args: string[], env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  const tool = compose();
  return run(tool.command, [...tool.args, 'config', ...args], env);
}

const output = (result: SpawnSyncReturns<string>) =>
  `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;

// --- the rendered model -------------------------------------------------------------------------

interface Healthcheck {
  test?: string[] | string;
}
interface ComposeService {
  image?: string;
  build?: { context?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition?: string }>;
  ports?: Array<string | { target?: number | string; published?: number | string; host_ip?: string }>;
  secrets?: Array<string | { source: string }>;
  volumes?: Array<string | { source?: string; target?: string }>;
  profiles?: string[];
  healthcheck?: Healthcheck;
  entrypoint?: string[] | string;
  command?: string[] | string;
  restart?: string;
}
interface ComposeModel {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file?: string }>;
}

/** `config` rendered as JSON: the plugin does it; v1 only writes YAML, parsed by its own PyYAML. */
function renderedModel(): ComposeModel {
  const env = composeEnv({});
  const tool = compose();
  const rendered = composeConfig(tool.kind === 'plugin' ? ['--format', 'json'] : [], env);
  if (rendered.status !== 0) throw new Error(`compose config failed:\n${output(rendered)}`);
  if (tool.kind === 'plugin') return JSON.parse(rendered.stdout) as ComposeModel;
  const toJson = 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)';
  const converted = run('python3', ['-c', toJson], process.env, rendered.stdout);
  if (converted.status !== 0)
    throw new Error(`could not read docker-compose's YAML with python3 (PyYAML comes with docker-compose):\n${output(converted)}`);
  return JSON.parse(converted.stdout) as ComposeModel;
}

/** Compose writes a literal `$` as `$$`; the scripts here never mean the shell's `$$`. */
const unescapeDollars = (text: string) => text.replace(/\$\$/g, '$');

const asList = (value: string[] | string | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function publishedPorts(service: ComposeService): Array<{ host: string; published: string; target: string }> {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'string') {
      const parts = port.split(':');
      const [published, target] = parts.slice(-2);
      return { host: parts.length > 2 ? parts[0] : '', published, target: target.replace(/\/.*$/, '') };
    }
    return { host: port.host_ip ?? '', published: String(port.published), target: String(port.target) };
  });
}

const secretNames = (service: ComposeService): string[] =>
  (service.secrets ?? []).map((secret) => (typeof secret === 'string' ? secret : secret.source));

const volumeTargets = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(
    (service.volumes ?? []).map((volume) => {
      if (typeof volume !== 'string') return [volume.target ?? '', volume.source ?? ''];
      const [source, target] = volume.split(':');
      return [target, source];
    }),
  );

// --- the tests ----------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  let model: ComposeModel;

  beforeAll(() => {
    model = renderedModel();
  }, 600_000); // finding no compose tool may mean installing one

  it('is accepted by `docker compose config -q` with no variable set', () => {
    const result = composeConfig(['-q'], composeEnv({}));
    expect({ status: result.status, output: output(result) }).toEqual({ status: 0, output: '' });
  });

  it('defines the infrastructure, the one-shot jobs, the five services and, in a profile, the monitoring', () => {
    expect(Object.keys(model.services).sort()).toEqual([...INFRA_SERVICES, ...ONE_SHOT_JOBS, ...APP_SERVICES, ...MONITORING].sort());
    for (const name of INFRA_SERVICES)
      expect({ name, test: asList(model.services[name].healthcheck?.test).length > 0 }).toEqual({ name, test: true });
    for (const name of ONE_SHOT_JOBS) expect({ name, restart: model.services[name].restart }).toEqual({ name, restart: 'no' });
    for (const name of MONITORING) expect({ name, profiles: model.services[name].profiles }).toEqual({ name, profiles: ['monitoring'] });
  });

  it('takes the two secrets from files in ./secrets, mounted only into the services that read them', () => {
    expect(model.secrets).toEqual({
      api_key_secret: { file: path.join(repoRoot, 'secrets', 'api_key_secret') },
      upload_url_secret: { file: path.join(repoRoot, 'secrets', 'upload_url_secret') },
    });
    expect(model.services.users.environment?.API_KEY_SECRET_FILE).toBe('/run/secrets/api_key_secret');
    expect(model.services.gateway.environment?.UPLOAD_URL_SECRET_FILE).toBe('/run/secrets/upload_url_secret');
    const holders = Object.entries(model.services)
      .filter(([, service]) => secretNames(service).length > 0)
      .map(([name, service]) => [name, secretNames(service)]);
    expect(holders.sort()).toEqual([
      ['gateway', ['upload_url_secret']],
      ['users', ['api_key_secret']],
    ]);
    // Never in an image: the build context leaves them out.
    expect(readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n')).toContain('secrets');
  });

  it('creates the organization once the users service is healthy, its credentials kept in a volume', () => {
    const job = model.services.bootstrap;
    expect(job.image).toBe('zulip-es/users');
    expect(job.build?.args?.SERVICE).toBe('users');
    expect(job.depends_on?.users?.condition).toBe('service_healthy');
    expect(asList(job.command)).toEqual(['node', 'services/users/dist/create-organization.js']);
    expect(job.environment).toMatchObject({
      KAFKA_BROKERS: 'kafka:9092',
      CREDENTIALS_DIR: '/credentials',
      ZULIP_OWNER_EMAIL: 'owner@example.com',
    });
    expect(volumeTargets(job)['/credentials']).toBe('credentials');
    expect(readFileSync(path.join(repoRoot, 'services', 'users', 'src', 'create-organization.ts'), 'utf8')).toContain('CREDENTIALS_DIR');
  });

  it('passes mail and push settings to the users service, its outbox in a volume', () => {
    const users = model.services.users;
    expect(Object.keys(users.environment ?? {})).toEqual(
      expect.arrayContaining([
        'SMTP_URL',
        'SMTP_HOST',
        'SMTP_PORT',
        'SMTP_SECURE',
        'SMTP_USER',
        'SMTP_PASSWORD',
        'EMAIL_FROM',
        'PUSH_BOUNCER_URL',
      ]),
    );
    expect(volumeTargets(users)['/var/lib/zulip/outbox']).toBe('mail-outbox');
    expect(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')).toContain('EMAIL_OUTBOX_DIR=/var/lib/zulip/outbox');
  });

  it.each(APP_SERVICES)('builds %s from the one Dockerfile with SERVICE naming it', (name) => {
    const service = model.services[name];
    expect(service.build?.args?.SERVICE).toBe(name);
    expect(path.resolve(repoRoot, service.build?.context ?? '')).toBe(repoRoot);
    expect(service.image).toBe(`zulip-es/${name}`);
  });

  it.each(APP_SERVICES)('starts %s only after healthy Kafka, Mongo and Redis and the created topics', (name) => {
    const dependsOn = model.services[name].depends_on ?? {};
    const conditions = Object.fromEntries(Object.entries(dependsOn).map(([dep, spec]) => [dep, spec.condition]));
    expect(conditions).toMatchObject({
      kafka: 'service_healthy',
      'kafka-init': 'service_completed_successfully',
      mongo: 'service_healthy',
      redis: 'service_healthy',
    });
  });

  it('starts uploads only after MinIO is healthy and the bucket exists', () => {
    const dependsOn = model.services.uploads.depends_on ?? {};
    expect(dependsOn.minio?.condition).toBe('service_healthy');
    expect(dependsOn['minio-init']?.condition).toBe('service_completed_successfully');
  });

  it('starts the gateway only after the four domain services are healthy', () => {
    const dependsOn = model.services.gateway.depends_on ?? {};
    for (const name of APP_SERVICES.filter((s) => s !== 'gateway')) {
      expect({ name, condition: dependsOn[name]?.condition }).toEqual({ name, condition: 'service_healthy' });
    }
  });

  it.each(APP_SERVICES)('health-checks %s on the port its own variable sets, reachable from other containers', (name) => {
    const service = model.services[name];
    const [portVar, port] = PORT_VARS[name];
    expect(service.environment?.[portVar]).toBe(String(port));
    expect(asList(service.healthcheck?.test).join(' ')).toContain(`process.env.${portVar}`);
    expect(service.environment).toMatchObject({
      BIND_HOST: '0.0.0.0',
      KAFKA_BROKERS: 'kafka:9092',
      MONGO_URL: 'mongodb://mongo:27017',
      REDIS_URL: 'redis://redis:6379',
      S3_ENDPOINT: 'minio',
      S3_PORT: '9000',
    });
  });

  it("publishes the gateway on 9991, Kafka's external listener and Grafana on loopback, and nothing else", () => {
    const published = Object.fromEntries(
      Object.entries(model.services)
        .filter(([, service]) => (service.ports ?? []).length > 0)
        .map(([name, service]) => [name, publishedPorts(service)]),
    );
    expect(published).toEqual({
      gateway: [{ host: '', published: '9991', target: '9991' }],
      kafka: [{ host: '127.0.0.1', published: '29092', target: '29092' }],
      grafana: [{ host: '127.0.0.1', published: '3000', target: '3000' }],
    });
    const kafka = model.services.kafka.environment ?? {};
    expect(kafka.KAFKA_LISTENERS).toContain('EXTERNAL://:29092');
    expect(kafka.KAFKA_ADVERTISED_LISTENERS).toContain('EXTERNAL://localhost:29092');
    expect(kafka.KAFKA_ADVERTISED_LISTENERS).toContain('PLAINTEXT://kafka:9092');
  });

  it("has Prometheus scrape every service's metrics port, and the dashboard show only metrics the services define", () => {
    const config = readFileSync(path.join(repoRoot, 'infra', 'compose', 'prometheus.yml'), 'utf8');
    const targets = [...config.matchAll(/^\s+- ([a-z]+:\d+)$/gm)].map((m) => m[1]).sort();
    const expected = APP_SERVICES.map((name) =>
      name === 'gateway' ? `gateway:${model.services.gateway.environment?.METRICS_PORT}` : `${name}:${PORT_VARS[name][1]}`,
    ).sort();
    expect(targets).toEqual(expected);

    const dashboard = readFileSync(path.join(repoRoot, 'infra', 'compose', 'grafana', 'dashboards', 'zulip-es.json'), 'utf8');
    const shown = new Set([...dashboard.matchAll(/\b(zulip_[a-z_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]));
    const defined = run('grep', ['-rhoE', "'zulip_[a-z_]+'", 'libs/platform/src', 'services/gateway/src', 'services/realtime/src']).stdout;
    const definedNames = new Set([...defined.matchAll(/'(zulip_[a-z_]+)'/g)].map((m) => m[1]));
    expect([...shown].filter((name) => !definedNames.has(name))).toEqual([]);
    expect(shown.size).toBeGreaterThanOrEqual(8);
  });

  it("gives the image a health check that knows every service's port", () => {
    const script = readFileSync(path.join(repoRoot, 'infra', 'docker', 'healthcheck.mjs'), 'utf8');
    for (const name of APP_SERVICES) {
      const [variable, port] = PORT_VARS[name];
      expect(script).toContain(`${name}: ['${variable}', ${port}]`);
    }
    expect(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')).toMatch(/^HEALTHCHECK .*healthcheck\.mjs/m);
  });

  it("gives the services MinIO's root credentials and the bucket minio-init creates", () => {
    const minio = model.services.minio.environment ?? {};
    const init = model.services['minio-init'].environment ?? {};
    for (const name of APP_SERVICES) {
      const env = model.services[name].environment ?? {};
      expect({ name, key: env.S3_ACCESS_KEY, secret: env.S3_SECRET_KEY, bucket: env.S3_BUCKET }).toEqual({
        name,
        key: minio.MINIO_ROOT_USER,
        secret: minio.MINIO_ROOT_PASSWORD,
        bucket: init.S3_BUCKET,
      });
    }
    expect((minio.MINIO_ROOT_PASSWORD ?? '').length).toBeGreaterThanOrEqual(8);
  });

  it('bounds Redis in memory and never evicts (BullMQ jobs are data)', () => {
    const command = asList(model.services.redis.command);
    expect(command[command.indexOf('--maxmemory') + 1]).toBe('1gb');
    expect(command[command.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
  });

  it("keeps event relays' committed offsets as long as the events", () => {
    expect(Number(model.services.kafka.environment?.KAFKA_OFFSETS_RETENTION_MINUTES)).toBe(GROUP_OFFSETS_RETENTION_MINUTES);
  });

  it('keeps topic auto-creation off in the broker', () => {
    expect(model.services.kafka.environment?.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
  });

  it('creates every topic of libs/contracts (ALL_SERVICE_TOPICS) with its partitions and retention, and no other', () => {
    const init = model.services['kafka-init'];
    const env = init.environment ?? {};
    const [shell, ...shellArgs] = asList(init.entrypoint);
    const command = asList(init.command);
    expect(command).toHaveLength(1);

    // Run the job's script as the container would, with kafka-topics.sh replaced by a recorder.
    const dir = mkdtempSync(path.join(tmpdir(), 'kafka-init-'));
    try {
      const fake = path.join(dir, 'kafka-topics.sh');
      const calls = path.join(dir, 'calls');
      writeFileSync(fake, `#!/bin/sh\n{ for a in "$@"; do printf '%s\\n' "$a"; done; echo '--end--'; } >> "${calls}"\n`, { mode: 0o755 });
      writeFileSync(calls, '');
      const result = run(shell, [...shellArgs, unescapeDollars(command[0])], {
        PATH: process.env.PATH,
        ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v ?? ''])),
        KAFKA_TOPICS_CMD: fake,
      });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });

      const invocations = readFileSync(calls, 'utf8')
        .split('--end--\n')
        .filter(Boolean)
        .map((block) => block.trimEnd().split('\n'));
      const created = invocations.map((args) => {
        const value = (flag: string) => args[args.indexOf(flag) + 1];
        expect(args).toEqual(expect.arrayContaining(['--create', '--if-not-exists']));
        expect(value('--bootstrap-server')).toBe(model.services.users.environment?.KAFKA_BROKERS);
        expect(value('--replication-factor')).toBe('1');
        return {
          topic: value('--topic'),
          partitions: Number(value('--partitions')),
          config: args.filter((_, i) => args[i - 1] === '--config').sort(),
        };
      });
      const expected = ALL_SERVICE_TOPICS.map((topic) => ({
        topic: topic.name,
        partitions: topic.partitions,
        config: Object.entries(retentionConfig(topic.retention))
          .map(([k, v]) => `${k}=${v}`)
          .sort(),
      }));
      const byTopic = (a: { topic: string }, b: { topic: string }) => a.topic.localeCompare(b.topic);
      expect(created.sort(byTopic)).toEqual(expected.sort(byTopic));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
