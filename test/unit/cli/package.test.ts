/**
 * The .vsix: `npx @vscode/vsce package` needs repository/bugs/homepage/icon/license and a LICENSE,
 * and .vscodeignore decides what ships. What ships is asked of vsce itself (`vsce ls`, the pinned
 * devDependency @vscode/vsce) over a copy of the project's file names, build and test leftovers
 * included, so no copy of vsce's ignore rules can drift from vsce's.
 */
import { strict as assert } from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PROJECT_ROOT } from '../helpers';

/** vsce's command-line entry (package.json `bin` of @vscode/vsce). */
const VSCE = require.resolve('@vscode/vsce/vsce');

const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));

/**
 * What vsce would put into the .vsix from a tree holding `files` (empty, except the files vsce
 * reads, copied from the project): `vsce ls` run in that tree, with the project's node_modules so
 * that production dependencies are listed as packaging lists them.
 */
function shipped(files: string[]): string[] {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-vsce-'));
  try {
    const real = new Set(['package.json', '.vscodeignore', 'README.md', 'CHANGELOG.md', 'LICENSE']);
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(tree, f)), { recursive: true });
      if (real.has(f)) fs.copyFileSync(path.join(PROJECT_ROOT, f), path.join(tree, f));
      else fs.writeFileSync(path.join(tree, f), '');
    }
    fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(tree, 'node_modules'));
    const out = execFileSync(process.execPath, [VSCE, 'ls'], { cwd: tree, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return out.split('\n').filter((l) => l !== '').sort();
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }
}

function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    // (either may be a link or a file: a git worktree's .git, a node_modules linked into it)
    if (r === 'node_modules' || r === '.git') continue;
    if (e.isDirectory()) out.push(...walk(dir, r));
    else out.push(r);
  }
  return out;
}

/** README's image and link targets inside the project (a link with `#anchor` keeps its file). */
function readmeTargets(): { images: string[]; links: string[] } {
  const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  const images: string[] = [];
  const links: string[] = [];
  for (const m of readme.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)) {
    // URLs and anchors need no file; `../shared/…` is outside the project (it cannot ship).
    if (/^\w+:|^#|^\.\.\//.test(m[2])) continue;
    (m[1] ? images : links).push(m[2].replace(/#.*$/, ''));
  }
  return { images, links };
}

describe('package (.vsix)', () => {
  it('package.json has what vsce and the Marketplace page need', () => {
    for (const field of ['name', 'displayName', 'description', 'version', 'publisher', 'license', 'icon', 'homepage']) {
      assert.ok(typeof pkg[field] === 'string' && pkg[field].length > 0, `package.json ${field}`);
    }
    assert.match(pkg.repository?.url ?? '', /^https:\/\//, 'package.json repository.url');
    assert.match(pkg.bugs?.url ?? '', /^https:\/\//, 'package.json bugs.url');
    assert.equal(pkg.license, 'MIT');
  });

  it('LICENSE is the MIT licence of AnimScope contributors', () => {
    const license = fs.readFileSync(path.join(PROJECT_ROOT, 'LICENSE'), 'utf8');
    assert.match(license, /^MIT License\n/);
    assert.match(license, /Copyright \(c\) \d{4} AnimScope contributors/);
  });

  it('the icon is a 128×128 PNG', () => {
    const png = fs.readFileSync(path.join(PROJECT_ROOT, pkg.icon));
    assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'PNG signature');
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  });

  describe('.vscodeignore (through vsce ls)', function () {
    this.timeout(60000);
    // The tree as it is, plus what a build and a test run leave (they may not have run yet).
    const candidates = [...new Set([...walk(PROJECT_ROOT),
      'dist/extension.js', 'dist/extension.js.map', 'dist/webview.js', 'dist/webview.js.map', 'dist/view3d.js', 'dist/view3d.js.map', 'dist/archive.js', 'dist/cli.js',
      'dist/cli.js.map', 'dist/webview.css', 'dist/archive.css',
      'out/src/cli/main.js', 'out/src/cli/main.js.map', 'out/test/unit/cli/cli.test.js', 'test-artifacts/demo.png',
      'test-artifacts/logs/unit.log', 'animscope-0.1.0.vsix', '.vscode-host/x', '.ci/run'])];
    let files: string[] = [];
    before(() => { files = shipped(candidates); });

    it('ships no sources, tests, scripts, build intermediates or source maps', () => {
      const dev = files.filter((f) => /^(src|test|scripts|out|webview|bench|node_modules|test-artifacts|\.ci|\.vscode[^/]*)\//.test(f) ||
        /\.(ts|map|vsix|mjs|log)$/.test(f) || /^(tsconfig.*\.json|\.mocharc\.json|package-lock\.json|esbuild\.mjs|\.gitignore)$/.test(f));
      assert.deepEqual(dev, []);
    });

    it('ships what VS Code and the CLI run', () => {
      const needed = [
        'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', pkg.icon, pkg.main.replace(/^\.\//, ''),
        ...Object.values(pkg.bin as Record<string, string>).map((b) => b.replace(/^\.\//, '')),
        'dist/webview.js', 'dist/view3d.js', 'dist/archive.js', 'dist/webview.css', 'dist/archive.css', 'dist/cli.js',
      ];
      for (const f of needed) assert.ok(files.includes(f), `${f} must ship`);
    });

    it('ships nothing else: every file is run by VS Code or the CLI, or is the extension page', () => {
      const explained = new Set(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', pkg.icon, 'bin/animscope.js']);
      const unexplained = files.filter((f) => !explained.has(f) && !/^dist\/[^/]+\.(js|css)$/.test(f));
      assert.deepEqual(unexplained, []);
    });

    it('README images and links exist in the repository (vsce points them at its URL)', () => {
      assert.match(pkg.repository.url, /^https:\/\/github\.com\/[^/]+\/[^/]+?(\.git)?$/, 'a GitHub URL vsce can rewrite links to');
      const { images, links } = readmeTargets();
      assert.ok(images.length > 0);
      for (const f of [...images, ...links]) assert.ok(fs.existsSync(path.join(PROJECT_ROOT, f)), `README target ${f} exists`);
    });
  });
});
