/**
 * The Nx project graph is what orders the build (`dependsOn: ^build`) and what the module
 * boundaries are checked against: it must hold every dependency the code has. Each import of a
 * workspace package is an edge of the graph and is declared in the importing project's
 * package.json (npm links workspaces by those declarations).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

interface Graph {
  nodes: Record<string, { name: string; data: { root: string } }>;
  dependencies: Record<string, Array<{ target: string }>>;
}

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function projectGraph(): Graph {
  const dir = mkdtempSync(path.join(tmpdir(), 'nx-graph-'));
  try {
    const file = path.join(dir, 'graph.json');
    execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'nx'), ['graph', `--file=${file}`], {
      cwd: repoRoot,
      env: { ...process.env, NX_DAEMON: 'false' },
      stdio: 'ignore',
    });
    return (JSON.parse(readFileSync(file, 'utf8')) as { graph: Graph }).graph;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The workspace packages a project's sources import (`from '@zulip-es/contracts'`). */
function importedPackages(projectRoot: string, workspacePackages: Set<string>): Set<string> {
  const imported = new Set<string>();
  for (const file of sourceFiles(path.join(repoRoot, projectRoot, 'src'))) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/from '(@zulip-es\/[a-z-]+)'/g)) {
      if (workspacePackages.has(name!)) imported.add(name!);
    }
  }
  return imported;
}

const packageJson = (projectRoot: string): PackageJson =>
  JSON.parse(readFileSync(path.join(repoRoot, projectRoot, 'package.json'), 'utf8')) as PackageJson;

describe('the Nx project graph', () => {
  const graph = projectGraph();
  const projects = Object.values(graph.nodes);
  const projectOfPackage = new Map(projects.map((node) => [packageJson(node.data.root).name, node.name]));
  const workspacePackages = new Set(projectOfPackage.keys());

  it('knows every project of the workspace', () => {
    expect(projects.map((node) => node.name).sort()).toEqual([
      'contracts',
      'e2e',
      'event-queues',
      'gateway',
      'message-flags',
      'messages',
      'platform',
      'push',
      'realtime',
      'testing',
      'uploads',
      'users',
      'zulip-emoji',
      'zulip-markdown',
      'zulip-rules',
    ]);
  });

  it.each(projects.map((node) => [node.name, node.data.root]))(
    'has an edge for each workspace package %s imports, and its package.json declares it',
    (name, root) => {
      const imported = [...importedPackages(root, workspacePackages)].sort();
      const edges = new Set(graph.dependencies[name]!.map((edge) => edge.target));
      expect(imported.filter((pkg) => !edges.has(projectOfPackage.get(pkg)!))).toEqual([]);
      const declared = packageJson(root);
      const declares = { ...declared.dependencies, ...declared.devDependencies };
      expect(imported.filter((pkg) => !(pkg in declares))).toEqual([]);
    },
  );

  it('has platform and the event queues build on contracts, and the tests on the libraries', () => {
    const targets = (name: string) => graph.dependencies[name]!.map((edge) => edge.target).sort();
    expect(targets('contracts')).toEqual([]);
    expect(targets('platform')).toEqual(['contracts']);
    expect(targets('event-queues')).toEqual(['contracts']);
    expect(targets('testing')).toEqual(['contracts', 'platform']);
    expect(targets('e2e')).toEqual(['contracts', 'event-queues', 'platform', 'testing']);
  });

  it('has the Zulip rules build on contracts alone: no I/O, no service', () => {
    expect(graph.dependencies['zulip-rules']!.map((edge) => edge.target)).toEqual(['contracts']);
  });
});
